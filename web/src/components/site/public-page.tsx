import type { ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';
import { SiteFooter } from './site-footer';
import { SiteHeader, type SiteHeaderProps } from './site-header';
import classes from './site.module.css';

/** Header, a title band and the footer around a public page's content. */
export function PublicPage({
  title,
  subtitle,
  children,
  header,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  header?: SiteHeaderProps;
}) {
  return (
    <>
      <SiteHeader {...header} />
      <main>
        <Box className={classes.band}>
          <Container size="lg" py={{ base: 36, sm: 56 }}>
            <Title order={1} c="white" fz={{ base: 30, sm: 42 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="gray.2" mt="xs" maw={640} fz={{ base: 'md', sm: 'lg' }}>
                {subtitle}
              </Text>
            )}
          </Container>
        </Box>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
