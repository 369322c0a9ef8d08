/** The palette offered next to the free colour picker; the first is the API's default colour. */
export const PRESET_COLOURS = [
  { name: 'Indigo', value: '#5c6bc0' },
  { name: 'Blue', value: '#1e88e5' },
  { name: 'Teal', value: '#00897b' },
  { name: 'Green', value: '#43a047' },
  { name: 'Amber', value: '#ffb300' },
  { name: 'Orange', value: '#fb8c00' },
  { name: 'Red', value: '#e53935' },
  { name: 'Pink', value: '#d81b60' },
  { name: 'Purple', value: '#8e24aa' },
  { name: 'Grey', value: '#757575' },
] as const;

export const DEFAULT_TAG_COLOUR: string = PRESET_COLOURS[0].value;
