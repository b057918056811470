import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep navy and a warm gold: calm, dignified, readable.
const navy: MantineColorsTuple = [
  '#eef3f8',
  '#dae4ee',
  '#b0c7dd',
  '#84a8cc',
  '#5f8ebd',
  '#4a7eb4',
  '#3e76b1',
  '#30649c',
  '#27588c',
  '#1c3d5a',
];
const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8400',
  '#af7100',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 5 },
  colors: { navy, gold },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: '700' },
  defaultRadius: 'md',
});
