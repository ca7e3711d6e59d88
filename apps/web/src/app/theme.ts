import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** Calm teal for actions, soft plum for accents. Shade 7 carries white text at WCAG AA (contrast above 4.5:1). */
const teal: MantineColorsTuple = [
  '#e9f6f5',
  '#d3ecea',
  '#a6d8d4',
  '#76c3bd',
  '#4eb0a9',
  '#33a29b',
  '#1f8a84',
  '#0f6e6e',
  '#0b5b5b',
  '#064747',
];
const plum: MantineColorsTuple = [
  '#f8eff5',
  '#eedde9',
  '#dbb7d0',
  '#c78fb6',
  '#b56ea0',
  '#a85a92',
  '#9a4a85',
  '#7f3a6e',
  '#6c2f5e',
  '#5a244e',
];

export const theme = createTheme({
  colors: { teal, plum },
  primaryColor: 'teal',
  primaryShade: 7,
  autoContrast: true,
  // A visitor who asked their system for less motion gets dialogs, menus and toasts without transitions.
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
  },
  // xs is the spec's 600 px mobile breakpoint, so hiddenFrom="xs" / visibleFrom="xs" follow it.
  breakpoints: { xs: '37.5em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Loader: { defaultProps: { color: 'teal' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});

/** Mantine's default "dimmed" grey and error red are below 4.5:1 on white; these pass WCAG AA for small text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#56625f',
    '--mantine-color-placeholder': '#6b7775',
    // Default error red (#fa5252) is 3.3:1 on white; this one is 5.9:1 for the field messages.
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
