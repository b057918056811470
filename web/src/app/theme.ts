import { createTheme, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

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
  // 8 and 9 are the text shades (small gold headings on white and grey): ≥ 5.6:1 there (WCAG AA).
  '#8a5a00',
  '#7a4f00',
];

const namedCloseButton: MantineThemeComponent = { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } };

export const theme = createTheme({
  primaryColor: 'navy',
  // Shade 7 in both schemes: white text on the filled primary stays ≥ 4.5:1 in dark mode too.
  primaryShade: { light: 7, dark: 7 },
  colors: { navy, gold },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    // Mantine's close (×) button has no text: without a name a screen reader says only "button" (axe button-name).
    // Plain objects, not Modal.extend(): importing Modal and Drawer here would put them (with their scroll area,
    // scroll lock and floating-ui) into every page's first load.
    Modal: namedCloseButton,
    Drawer: namedCloseButton,
    // A badge is a status word: in a narrow table cell Mantine would cut it to an ellipsis ("PUBLIS…"); it keeps its width.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
});
