import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/**
 * The last digits of a phone on big keys — or a card: a barcode/QR scanner types its code into the same
 * field and presses Enter. Letters mean a card, digits a phone.
 */
export function KioskKeypad({
  value,
  onChange,
  onSubmit,
  busy,
}: {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const press = (k: string) => onChange((value + k).slice(0, 64));
  return (
    <Stack gap="sm" maw={420} w="100%">
      <TextInput
        ref={input}
        size="xl"
        label="Last digits of your phone, or scan your card"
        value={value}
        inputMode="numeric"
        autoComplete="off"
        maxLength={64}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSubmit()}
        styles={{ input: { fontSize: 32, letterSpacing: 4, textAlign: 'center' } }}
      />
      <SimpleGrid cols={3} spacing="sm">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((k) => (
          <Button key={k} size="xl" variant="default" h={72} fz={28} onClick={() => press(k)}>
            {k}
          </Button>
        ))}
        <Button size="xl" variant="default" h={72} aria-label="Delete last digit" onClick={() => onChange(value.slice(0, -1))}>
          <IconBackspace />
        </Button>
        <Button size="xl" variant="default" h={72} fz={28} onClick={() => press('0')}>
          0
        </Button>
        <Button size="xl" h={72} fz={22} loading={busy} disabled={value.trim().length < 4} onClick={onSubmit}>
          Find
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
