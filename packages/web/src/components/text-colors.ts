/**
 * Text colours of the staff screens that keep 4.5:1 on white and on the selected row's light
 * blue (Mantine's orange.9 / yellow.9 / green.9 / red.8 do not, measured by axe).
 */
export const TEXT_COLOR = {
  ok: '#1d6a2e',
  // written out, not imported from app/theme.ts: a module shared by both became a chunk of its own
  warn: '#8a3b00',
  caution: '#6b4a00',
  danger: '#a51d1d',
  muted: 'gray.8',
} as const;
