/**
 * Dark text colours that keep 4.5:1 on white and on Mantine's light tints, where Mantine's own
 * light-variant text does not (measured by axe). The theme and the staff screens both use them.
 */
export const DARK_ORANGE_TEXT = '#8a3b00';
export const DARK_YELLOW_TEXT = '#6b3a00';
