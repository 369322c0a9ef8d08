import { Document, Page, Text, View } from '@react-pdf/renderer';
import { Block, Fact } from './pdf-blocks';
import type { ReportModel } from './pdf-report-model';
import { styles } from './pdf-styles';

/** The one renderer of report models: a cover with its facts, then a page run per section, each page footed. */
export function ReportDocument({ model }: { model: ReportModel }) {
  const { info, cover, footer, sections } = model;
  return (
    <Document title={info.title} author={info.author} subject={info.subject} creator={info.creator} producer={info.creator}>
      <Page size="A4" style={styles.cover}>
        <View>
          <Text style={styles.coverKicker}>{cover.kicker}</Text>
          <Text style={styles.coverTitle}>{cover.title}</Text>
          {cover.description ? <Text style={styles.coverDescription}>{cover.description}</Text> : null}
        </View>
        <View style={styles.facts}>
          {cover.facts.map((fact, index) => (
            <Fact key={index} label={fact.label} value={fact.value} />
          ))}
        </View>
      </Page>
      {sections.map((section, index) => (
        <Page key={index} size="A4" style={styles.page} wrap>
          <Text style={styles.sectionTitle}>{section.title}</Text>
          {section.intro ? <Text style={styles.sectionIntro}>{section.intro}</Text> : null}
          {section.blocks.map((block, at) => (
            <Block key={at} block={block} />
          ))}
          <View style={styles.footer} fixed>
            <Text>{footer}</Text>
            <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
          </View>
        </Page>
      ))}
    </Document>
  );
}
