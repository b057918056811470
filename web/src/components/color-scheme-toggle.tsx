import { ActionIcon, Menu, Text, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useT } from '../lib/i18n/use-t';

/**
 * Dark mode: follows the device until the member chooses; the choice is
 * remembered on this device (Mantine's colour-scheme manager, read before the
 * first paint by /color-scheme.js).
 */
function useDarkMode() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: true }) === 'dark';
  return { dark, toggle: () => setColorScheme(dark ? 'light' : 'dark') };
}

/** The header's switch (desktop shell). */
export function ColorSchemeToggle({ variant = 'default' }: { variant?: 'default' | 'subtle' }) {
  const { dark, toggle } = useDarkMode();
  const t = useT();
  return (
    <Tooltip label={dark ? t('member.lightMode') : t('member.darkMode')}>
      <ActionIcon variant={variant} size="lg" role="switch" aria-checked={dark} aria-label={t('member.darkMode')} onClick={toggle}>
        {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** The same switch as an item of the phone's account menu. */
export function ColorSchemeMenuItem() {
  const { dark, toggle } = useDarkMode();
  const t = useT();
  return (
    // Mantine keeps the menuitem role, so the state is said in words: 'Dark mode On' / 'Dark mode Off'.
    <Menu.Item
      closeMenuOnClick={false}
      leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />}
      rightSection={
        <Text size="xs" fw={700}>
          {dark ? t('member.on') : t('member.off')}
        </Text>
      }
      onClick={toggle}
    >
      {t('member.darkMode')}
    </Menu.Item>
  );
}
