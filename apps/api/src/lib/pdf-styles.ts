import { StyleSheet } from '@react-pdf/renderer';
import { PDF_FONT } from './pdf-fonts';

export const colors = { text: '#1f2933', muted: '#616e7c', rule: '#cbd2d9', band: '#f0f4f8', accent: '#1d4ed8', noteBand: '#fff8e1', noteRule: '#f0b429' };

export const styles = StyleSheet.create({
  // No lineHeight on a page: react-pdf then drops its absolutely placed (fixed) footer.
  page: { fontFamily: PDF_FONT, fontSize: 10, color: colors.text, paddingTop: 48, paddingBottom: 56, paddingHorizontal: 48 },
  cover: { fontFamily: PDF_FONT, color: colors.text, padding: 64, justifyContent: 'space-between' },
  coverKicker: { fontSize: 11, color: colors.accent, textTransform: 'uppercase', letterSpacing: 1.5, marginBottom: 12 },
  coverTitle: { fontSize: 28, fontWeight: 'bold', marginBottom: 16 },
  coverDescription: { fontSize: 12, color: colors.muted, marginBottom: 24 },
  facts: { borderTopWidth: 1, borderTopColor: colors.rule, paddingTop: 12 },
  fact: { flexDirection: 'row', marginBottom: 6, fontSize: 11 },
  factLabel: { width: 140, color: colors.muted },
  factValue: { flex: 1 },
  sectionTitle: { fontSize: 16, fontWeight: 'bold', marginBottom: 4 },
  sectionIntro: { color: colors.muted, marginBottom: 12 },
  paragraph: { marginBottom: 8 },
  note: { backgroundColor: colors.noteBand, borderLeftWidth: 3, borderLeftColor: colors.noteRule, padding: 6, marginBottom: 12 },
  table: { borderTopWidth: 1, borderTopColor: colors.rule, marginBottom: 12 },
  headerRow: { flexDirection: 'row', backgroundColor: colors.band, fontWeight: 'bold' },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: colors.rule },
  cell: { paddingVertical: 4, paddingHorizontal: 6 },
  empty: { color: colors.muted, fontStyle: 'italic' },
  entry: { marginBottom: 10, paddingBottom: 8, borderBottomWidth: 1, borderBottomColor: colors.rule },
  entryMeta: { color: colors.muted, fontSize: 9, marginBottom: 2 },
  footer: { position: 'absolute', bottom: 24, left: 48, right: 48, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: colors.muted },
});
