import { ActionIcon, Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { publicSettingsQuery } from './public-settings-query';
import classes from './site.module.css';

const QUICK_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'About Us', to: paths.about },
  { label: 'Ministries', to: paths.ministries },
  { label: 'Sermons', to: paths.sermons },
  { label: 'Events', to: paths.upcomingEvents },
  { label: 'Contact', to: paths.contact },
  { label: 'Privacy Notice', to: paths.privacy },
  { label: 'Terms of Service', to: paths.terms },
];
const DEVELOPER_LINKS = [
  { label: 'API Docs', to: paths.apiDocs },
  { label: 'Developer Portal', to: paths.developers },
  { label: 'API Keys', to: paths.apiKeys },
  { label: 'Pricing', to: paths.pricing },
];
const SOCIAL = [
  { key: 'facebook', label: 'Facebook', Icon: IconBrandFacebook },
  { key: 'instagram', label: 'Instagram', Icon: IconBrandInstagram },
  { key: 'youtube', label: 'YouTube', Icon: IconBrandYoutube },
  { key: 'x', label: 'X', Icon: IconBrandX },
] as const;

/** Spec 000 §2 footer: quick links, social links and developer links. */
export function SiteFooter() {
  const { data } = useQuery(publicSettingsQuery);
  const social = SOCIAL.filter((s) => data?.socialLinks[s.key]);
  const sundays = (data?.services ?? []).filter((s) => s.day === 'sunday').sort((a, b) => a.time.localeCompare(b.time));
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Title order={4} c="white">
              {data?.churchName ?? 'Church Community'}
            </Title>
            {data?.denomination && (
              <Text size="sm" c="gray.4">
                {data.denomination}
              </Text>
            )}
            <Text size="sm" c="gray.4">
              {data?.address}
            </Text>
            {social.length > 0 && (
              <Group gap={6} mt="xs" aria-label="Social links">
                {social.map(({ key, label, Icon }) => (
                  <ActionIcon
                    key={key}
                    component="a"
                    href={data!.socialLinks[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="light"
                    color="gold"
                    size="lg"
                    aria-label={label}
                  >
                    <Icon size={18} />
                  </ActionIcon>
                ))}
              </Group>
            )}
          </Stack>
          <FooterLinks title="Quick Links" links={QUICK_LINKS} />
          <FooterLinks title="Developers" links={DEVELOPER_LINKS} />
          <Stack gap={6}>
            <Text fw={700} c="white">
              Visit us
            </Text>
            {sundays.length > 0 && (
              <Text size="sm" c="gray.4">
                Sundays {sundays.map((s) => s.time).join(' and ')}
              </Text>
            )}
            {data?.website && (
              <Anchor href={data.website} target="_blank" rel="noopener noreferrer" size="sm" c="gray.3">
                {data.website.replace(/^https?:\/\//, '')}
              </Anchor>
            )}
            {data?.phone && (
              <Anchor href={`tel:${data.phone.replace(/\s/g, '')}`} size="sm" c="gray.3">
                {data.phone}
              </Anchor>
            )}
            {data?.email && (
              <Anchor href={`mailto:${data.email}`} size="sm" c="gray.3">
                {data.email}
              </Anchor>
            )}
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="gray.5" mt={40} ta="center">
          © {new Date().getFullYear()} {data?.churchName ?? 'Church Community'}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <Stack gap={6} component="nav" aria-label={title}>
      <Text fw={700} c="white">
        {title}
      </Text>
      {links.map((l) => (
        <Anchor key={l.to} component={Link} to={l.to} size="sm" c="gray.3">
          {l.label}
        </Anchor>
      ))}
    </Stack>
  );
}
