import { Text, View } from '@react-pdf/renderer';
import { styles } from './report-styles';

export type Column<T> = { title: string; width: string; value: (row: T) => string };

/** A table whose header repeats on every page it runs over. */
export function ReportTable<T>({ columns, rows, empty }: { columns: Column<T>[]; rows: T[]; empty: string }) {
  if (rows.length === 0) return <Text style={styles.empty}>{empty}</Text>;
  return (
    <View style={styles.table}>
      <View style={styles.headerRow} fixed>
        {columns.map((column) => (
          <Text key={column.title} style={[styles.cell, { width: column.width }]}>
            {column.title}
          </Text>
        ))}
      </View>
      {rows.map((row, index) => (
        <View key={index} style={styles.row} wrap={false}>
          {columns.map((column) => (
            <Text key={column.title} style={[styles.cell, { width: column.width }]}>
              {column.value(row)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}
