import { Group, Text, type MantineColor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../site/public-settings-query';

/** Until settings arrive (or if they cannot be read), the product's own name. */
export const FALLBACK_CHURCH_NAME = 'Church Community';

/** The church's name from its settings, one source for headers, sign-in pages and tab titles. */
export function useChurchName(): string {
  const { data } = useQuery(publicSettingsQuery);
  return data?.churchName || FALLBACK_CHURCH_NAME;
}

/** The church's logo (uploaded in Church settings) or our mark until one is. Decorative: the name beside it says who. */
export function ChurchLogo({ size = 30 }: { size?: number }) {
  const { data } = useQuery(publicSettingsQuery);
  return <img src={data?.logoUrl || '/favicon.svg'} width={size} height={size} alt="" style={{ objectFit: 'contain', flexShrink: 0 }} />;
}

/** Logo and name side by side, as every header shows them. */
export function ChurchBrand({ color, size = 'lg', logoSize = 30 }: { color?: MantineColor; size?: string; logoSize?: number }) {
  const name = useChurchName();
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <ChurchLogo size={logoSize} />
      <Text fw={700} c={color} fz={size} ff="heading" truncate data-testid="church-name">
        {name}
      </Text>
    </Group>
  );
}
