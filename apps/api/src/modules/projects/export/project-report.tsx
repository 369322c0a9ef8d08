import { Document, Page, Text, View } from '@react-pdf/renderer';
import { FRAMEWORK_CATALOGUE, PRODUCT_NAME, PROJECT_TYPE_LABELS, type Project } from '@aegis/contracts';
import type { ReportSection } from './report-section';
import { styles } from './report-styles';

export type ProjectReportProps = {
  project: Project;
  organizationName: string;
  exportedBy: string;
  exportedAt: Date;
  sections: ReportSection[];
};

const frameworkName = (code: string) => FRAMEWORK_CATALOGUE.find((f) => f.code === code)?.name ?? code;
const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.factValue}>{value}</Text>
    </View>
  );
}

/** The project as an auditor reads it: a cover with its facts, then one section per feature. */
export function ProjectReport({ project, organizationName, exportedBy, exportedAt, sections }: ProjectReportProps) {
  return (
    <Document title={project.name} author={exportedBy} subject={`${PRODUCT_NAME} project report`} creator={PRODUCT_NAME} producer={PRODUCT_NAME}>
      <Page size="A4" style={styles.cover}>
        <View>
          <Text style={styles.coverKicker}>{PRODUCT_NAME} · Project report</Text>
          <Text style={styles.coverTitle}>{project.name}</Text>
          {project.description ? <Text style={styles.coverDescription}>{project.description}</Text> : null}
        </View>
        <View style={styles.facts}>
          <Fact label="Organization" value={organizationName} />
          <Fact label="Project type" value={PROJECT_TYPE_LABELS[project.project_type]} />
          <Fact label="Frameworks" value={project.frameworks.length ? project.frameworks.map(frameworkName).join(', ') : 'None applied yet'} />
          <Fact label="Members" value={String(project.members)} />
          <Fact label="Created" value={day(project.created_at)} />
          <Fact label="Exported" value={`${exportedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by ${exportedBy}`} />
        </View>
      </Page>
      {sections.map((section) => (
        <Page key={section.title} size="A4" style={styles.page} wrap>
          <Text style={styles.sectionTitle}>{section.title}</Text>
          {section.intro ? <Text style={styles.sectionIntro}>{section.intro}</Text> : null}
          {section.content}
          <View style={styles.footer} fixed>
            <Text>{project.name}</Text>
            <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
          </View>
        </Page>
      ))}
    </Document>
  );
}
