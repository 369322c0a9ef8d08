import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@aegis/contracts';

const SECTIONS: { title: string; text: string }[] = [
  {
    title: 'The service',
    text: `${PRODUCT_NAME} helps your organization govern its AI systems: document projects, map them to frameworks such as the EU AI Act, assess risks and controls, and keep the evidence. Your organization holds the subscription and manages your account and your access.`,
  },
  {
    title: 'Your account',
    text: 'Keep your sign-in credentials and personal API tokens confidential; you are responsible for what is done with them. Revoke tokens you no longer need and tell your administrator at once if you suspect someone else has used your account.',
  },
  {
    title: 'Acceptable use',
    text: "Use the service only for your organization's work. Do not upload unlawful content, malware or data you have no right to share, do not try to reach other organizations' data, and do not probe, disrupt, overload or work around the limits of the service.",
  },
  {
    title: 'Your content',
    text: "Projects, risks, controls, evidence and other content belong to your organization. We process them only to provide the service, as set out in your organization's agreement and data processing terms, and keep them separate from other organizations' content.",
  },
  {
    title: 'No legal advice',
    text: 'Frameworks, templates, scores and automatically generated suggestions support your work; they are not legal advice or a certification. Review suggestions before you rely on them. Decisions about compliance remain with your organization.',
  },
  {
    title: 'Privacy',
    text: 'We process your name, email address and usage data such as your last access time and the feedback you send, to run, secure and improve the service.',
  },
  {
    title: 'Availability and changes',
    text: 'We work to keep the service available and publish its status. Features may change. When these terms change materially we will ask you to accept them again; your organization may end your access at any time.',
  },
];

/** The summary of the terms of use a user accepts before using the app. */
export function TermsOfUse() {
  return (
    <>
      {SECTIONS.map(({ title, text }) => (
        <section key={title}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </section>
      ))}
    </>
  );
}
