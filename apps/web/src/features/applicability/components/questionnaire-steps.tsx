import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { FrameworkQuestionnaire } from '@aegis/contracts';
import { QuestionStep } from './question-step';

type Props = { projectId: string; questionnaire: FrameworkQuestionnaire; canAnswer: boolean };

/**
 * A questionnaire one question at a time: the steps above (answered ones ticked, any one reachable),
 * the question, Back and Next. It opens on the first question left unanswered.
 */
export function QuestionnaireSteps({ projectId, questionnaire, canAnswer }: Props) {
  const { questions, framework_code: code } = questionnaire;
  const [active, setActive] = useState(() => Math.max(0, questions.findIndex((question) => question.answer === null)));
  const step = Math.min(active, questions.length - 1);
  const question = questions[step];
  if (!question) return null;
  return (
    <Box>
      <Box sx={{ overflowX: 'auto', pb: 1 }}>
        <Stepper nonLinear activeStep={step} aria-label={`Questions of ${questionnaire.framework_name}`} sx={{ minWidth: questions.length * 56 }}>
          {questions.map((item, index) => (
            <Step key={item.id} completed={item.answer !== null}>
              <StepButton
                onClick={() => setActive(index)}
                aria-current={index === step ? 'step' : undefined}
                aria-label={`Question ${index + 1}${item.answer !== null ? ', answered' : ''}: ${item.text}`}
              />
            </Step>
          ))}
        </Stepper>
      </Box>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ mt: 1 }}>
        Question {step + 1} of {questions.length}
      </Typography>
      <QuestionStep key={question.id} projectId={projectId} frameworkCode={code} question={question} canAnswer={canAnswer} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mt: 2 }}>
        <Button onClick={() => setActive(step - 1)} disabled={step === 0}>
          Back
        </Button>
        <Button variant="outlined" onClick={() => setActive(step + 1)} disabled={step === questions.length - 1}>
          Next
        </Button>
      </Stack>
    </Box>
  );
}
