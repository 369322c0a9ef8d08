import { Text, View } from '@react-pdf/renderer';
import type { ReportBlock } from './pdf-report-model';
import { styles } from './pdf-styles';

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.factValue}>{value}</Text>
    </View>
  );
}

/** A table whose header repeats on every page it runs over; a row never splits across pages. */
function Table({ columns, rows }: Extract<ReportBlock, { kind: 'table' }>) {
  return (
    <View style={styles.table}>
      <View style={styles.headerRow} fixed>
        {columns.map((column, index) => (
          <Text key={index} style={[styles.cell, { width: column.width }]}>
            {column.title}
          </Text>
        ))}
      </View>
      {rows.map((row, index) => (
        <View key={index} style={styles.row} wrap={false}>
          {columns.map((column, cell) => (
            <Text key={cell} style={[styles.cell, { width: column.width }]}>
              {row[cell] ?? ''}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/**
 * A comment may be longer than a page (up to 5,000 characters), so it may break across pages and is
 * never cut; its who-and-when line only starts a page's bottom if some of its text fits under it.
 */
function Entry({ meta, text }: { meta: string; text: string }) {
  return (
    <View style={styles.entry}>
      <Text style={styles.entryMeta} minPresenceAhead={36}>
        {meta}
      </Text>
      <Text>{text}</Text>
    </View>
  );
}

export function Block({ block }: { block: ReportBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={styles.paragraph}>{block.text}</Text>;
    case 'note':
      return (
        <View style={styles.note} wrap={false}>
          <Text>{block.text}</Text>
        </View>
      );
    case 'empty':
      return <Text style={styles.empty}>{block.text}</Text>;
    case 'keyValues':
      return (
        <View style={styles.paragraph}>
          {block.items.map((item, index) => (
            <Fact key={index} label={item.label} value={item.value} />
          ))}
        </View>
      );
    case 'table':
      return <Table {...block} />;
    case 'entry':
      return <Entry meta={block.meta} text={block.text} />;
  }
}
