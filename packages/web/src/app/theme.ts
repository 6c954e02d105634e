import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Calm airline palette: deep navy for text and actions, sky blue for accents. */
const navy: MantineColorsTuple = ['#eef3fa', '#dae3f1', '#b1c5e3', '#85a5d5', '#618ac9', '#4a79c2', '#3c70c0', '#2d5fa9', '#1f4c8f', '#0d2b57'];

const sky: MantineColorsTuple = ['#e4f6ff', '#cfe9fd', '#a0d1f7', '#6eb8f2', '#45a3ed', '#2c96eb', '#1b8feb', '#087bd1', '#006dbc', '#005ea6'];

const systemFont = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy, sky },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  black: '#152238',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Container: { defaultProps: { size: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    // The show/hide toggle is a tab stop: keyboard users can check what they typed too.
    PasswordInput: { defaultProps: { size: 'md', visibilityToggleFocusable: true } },
    Select: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    MaskInput: { defaultProps: { size: 'md' } },
  },
});

/**
 * Mantine's default dimmed grey (#868e96), error red (#fa5252, 3.3:1), light-yellow alert
 * text (#e67700 on #fff3bf) and light-orange text (orange.9 on its tint, 3.8:1) are below
 * 4.5:1: use darker ones everywhere.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5a6270',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-yellow-light-color': '#6b3a00',
    // the staff screens' TEXT_COLOR.warn is the same orange (components/text-colors.ts)
    '--mantine-color-orange-light-color': '#8a3b00',
  },
  dark: {},
});
