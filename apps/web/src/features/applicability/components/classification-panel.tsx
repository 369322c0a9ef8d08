import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClassificationReason, EuAiActClassification, EuAiActSettingFieldInfo } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';
import { joinWords } from '../change-summary';
import { ROLE_LABELS } from '../eu-ai-act-labels';
import { ClassificationBadge } from './classification-badge';

type Props = {
  classification: EuAiActClassification;
  fields: readonly EuAiActSettingFieldInfo[];
  datesSource: string;
  /** It shows answers not saved yet. */
  preview: boolean;
  /** A newer preview is on its way. */
  updating: boolean;
};

function Reasons({ items }: { items: readonly ClassificationReason[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 0.75 } }}>
      {items.map((reason) => (
        <li key={`${reason.rule}-${reason.article}`}>
          <Typography variant="body2" component="span">
            {reason.text}{' '}
          </Typography>
          <Typography variant="body2" component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            ({reason.article})
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * What the answers make of the system: its categories and roles, every reason with the article that
 * gave it, warnings, the articles that apply and from when. Live: it follows the form as it changes.
 */
export function ClassificationPanel({ classification, fields, datesSource, preview, updating }: Props) {
  const labelOf = new Map(fields.map((field) => [field.key, field.label]));
  const missing = classification.missing.map((key) => labelOf.get(key) ?? key);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="classification-title" aria-busy={updating} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id="classification-title" variant="h6" component="h3">
          Classification
        </Typography>
        {preview && <Chip size="small" variant="outlined" label="Preview of unsaved answers" />}
      </Stack>
      <Box sx={{ minHeight: 4, mb: 1 }}>{updating && <LinearProgress aria-label="Updating the classification" />}</Box>
      {/* Announced as the answers change, once per new classification. */}
      <Box aria-live="polite">
        <ClassificationBadge classification={classification} />
      </Box>
      {classification.status === 'incomplete' && missing.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Not complete yet: answer {joinWords(missing.map((label) => `“${label}”`))} to finish the classification.
        </Alert>
      )}
      {classification.roles.length > 0 && (
        <Part id="classification-roles" title="Your roles">
          <Typography variant="body2">{joinWords(classification.roles.map((role) => ROLE_LABELS[role] ?? role))}</Typography>
        </Part>
      )}
      {classification.reasons.length > 0 && (
        <Part id="classification-reasons" title="Why">
          <Reasons items={classification.reasons} />
        </Part>
      )}
      {classification.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4">
            Check these answers
          </Typography>
          <Reasons items={classification.warnings} />
        </Alert>
      )}
      {classification.applicable_articles.length > 0 && (
        <Part id="classification-articles" title="Articles that apply">
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
            {classification.applicable_articles.map((article) => (
              <li key={article}>
                <Chip size="small" variant="outlined" label={article} />
              </li>
            ))}
          </Box>
        </Part>
      )}
      {classification.dates.length > 0 && (
        <Part id="classification-dates" title="When they apply">
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', '& li + li': { mt: 1 } }}>
            {classification.dates.map((date) => (
              <li key={`${date.date}-${date.what}`}>
                <Stack direction="row" useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
                  <Chip size="small" color={date.applies_now ? 'success' : 'default'} variant={date.applies_now ? 'filled' : 'outlined'} label={date.applies_now ? 'Applies now' : `From ${formatDate(date.date)}`} />
                  <Typography variant="body2">{date.what}</Typography>
                </Stack>
                <Typography variant="caption" color="text.secondary" component="p">
                  {date.applies_now ? `Since ${formatDate(date.date)} · ` : ''}
                  {date.basis}
                </Typography>
              </li>
            ))}
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Dates: {datesSource}
          </Typography>
        </Part>
      )}
    </Paper>
  );
}
