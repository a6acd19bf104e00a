/** Styles of a badge whose words wrap in a narrow column (a phone) rather than being cut: pass with h="auto". */
export const WRAPPING_BADGE = { label: { whiteSpace: 'normal', overflow: 'visible' } } as const;
