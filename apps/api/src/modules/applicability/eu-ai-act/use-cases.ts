import type { EuAiActSettingOption } from '@aegis/contracts';

/**
 * The use cases the EU AI Act names: the prohibited practices of Art. 5(1) (as amended by Regulation (EU)
 * 2026/1744, which added points (ba) and (bb)) and the high-risk uses of Annex III. Each is an option of
 * the `use_case` select; the Annex III points also carry the values of the EU_AI_ACT template's
 * `eu_ai_act.annex_iii_use_case` and `eu_ai_act.annex_iii_area` questions, which the classifier fills.
 */

export interface ProhibitedPractice {
  value: string;
  /** The point of Art. 5(1), e.g. `(c)`. */
  point: string;
  label: string;
  explanation: string;
  group: string | null;
}

export const PROHIBITED_PRACTICES: readonly ProhibitedPractice[] = [
  {
    value: 'prohibited_manipulation',
    point: '(a)',
    label: 'Subliminal, manipulative or deceptive techniques',
    explanation: 'The system distorts how people behave, beyond their awareness or by deceiving them, in a way that causes or is likely to cause them significant harm.',
    group: null,
  },
  {
    value: 'prohibited_exploiting_vulnerabilities',
    point: '(b)',
    label: 'Exploiting vulnerabilities of age, disability or social or economic situation',
    explanation: 'The system takes advantage of such a vulnerability to distort behaviour in a way that causes or is likely to cause significant harm.',
    group: null,
  },
  {
    value: 'prohibited_intimate_imagery',
    point: '(ba)',
    label: 'Realistic intimate imagery of an identifiable person without consent',
    explanation: 'The system is placed on the market or used to generate sexually explicit or intimate images, video or audio of a real, identifiable person who did not agree to it (added in 2026).',
    group: null,
  },
  {
    value: 'prohibited_child_sexual_abuse_material',
    point: '(bb)',
    label: 'Child sexual abuse material',
    explanation: 'The system is placed on the market or used to generate child sexual abuse material (added in 2026).',
    group: null,
  },
  {
    value: 'prohibited_social_scoring',
    point: '(c)',
    label: 'Social scoring',
    explanation: 'The system rates or classifies people over time by their social behaviour or personal traits, and the score leads to unjustified or unrelated detrimental treatment.',
    group: null,
  },
  {
    value: 'prohibited_crime_prediction_by_profiling',
    point: '(d)',
    label: 'Predicting crime from profiling or personality traits alone',
    explanation: 'The system assesses how likely a person is to commit a crime based only on profiling or personality traits, not on objective facts linked to criminal activity.',
    group: null,
  },
  {
    value: 'prohibited_facial_scraping',
    point: '(e)',
    label: 'Untargeted scraping of facial images',
    explanation: 'The system builds or expands facial recognition databases by scraping face images from the internet or CCTV footage without a target.',
    group: null,
  },
  {
    value: 'prohibited_emotion_recognition_work_education',
    point: '(f)',
    label: 'Emotion recognition at the workplace or in education',
    explanation: 'The system infers the emotions of people at work or in education institutions, other than for medical or safety reasons.',
    group: null,
  },
  {
    value: 'prohibited_biometric_categorisation_sensitive',
    point: '(g)',
    label: 'Biometric categorisation by race, political opinions, union membership, religion or sex life',
    explanation: 'The system sorts people by their biometric data to deduce or infer these sensitive traits (labelling lawfully acquired data sets for law enforcement is not covered).',
    group: null,
  },
  {
    value: 'prohibited_real_time_remote_biometric_identification',
    point: '(h)',
    label: 'Real-time remote biometric identification in public spaces for law enforcement, outside the allowed cases',
    explanation: 'Identifying people live and at a distance in publicly accessible spaces for law enforcement, when it is not strictly needed for one of the listed aims (searching for victims, preventing an imminent threat, locating suspects of serious crimes).',
    group: 'real_time_remote_biometric_identification',
  },
];

/** Real-time remote biometric identification within an Art. 5(1)(h) exception: allowed, and high-risk. */
export const AUTHORISED_REAL_TIME_RBI = 'real_time_remote_biometric_identification_authorised';

export const AUTHORISED_REAL_TIME_RBI_OPTION: EuAiActSettingOption = {
  value: AUTHORISED_REAL_TIME_RBI,
  label: 'Real-time remote biometric identification for law enforcement, within the allowed cases',
  explanation:
    'Used by (or for) a law enforcement authority for one of the aims Art. 5(1)(h) allows, with the prior authorisation and notification of Art. 5(2)–(4). Allowed, and high-risk as Annex III point 1(a).',
  article: 'Art. 5(1)(h), 5(2)–(4); Annex III point 1(a)',
  group: 'real_time_remote_biometric_identification',
};

/** The template's `eu_ai_act.annex_iii_area` values, by Annex III point number. */
export const ANNEX_III_AREAS = {
  '1': 'biometrics',
  '2': 'critical_infrastructure',
  '3': 'education',
  '4': 'employment',
  '5': 'essential_services',
  '6': 'law_enforcement',
  '7': 'migration_border',
  '8': 'justice_democracy',
} as const;
export type AnnexIiiArea = (typeof ANNEX_III_AREAS)[keyof typeof ANNEX_III_AREAS];

export interface AnnexIiiPoint {
  /** The template's `eu_ai_act.annex_iii_use_case` value, e.g. `4a`. */
  code: string;
  /** As the Regulation writes it, e.g. `4(a)`. */
  ref: string;
  label: string;
  explanation: string;
}

/** Annex III, point by point (summaries in our own words). */
export const ANNEX_III_POINTS: readonly AnnexIiiPoint[] = [
  { code: '1a', ref: '1(a)', label: 'Remote biometric identification', explanation: 'Identifying people at a distance by their biometric data; merely confirming that someone is who they claim to be (verification) is not covered.' },
  { code: '1b', ref: '1(b)', label: 'Biometric categorisation by sensitive or protected attributes', explanation: 'Sorting people into groups by sensitive or protected characteristics inferred from their biometric data.' },
  { code: '1c', ref: '1(c)', label: 'Emotion recognition', explanation: 'Identifying or inferring the emotions or intentions of people from their biometric data.' },
  { code: '2', ref: '2', label: 'Safety component of critical infrastructure', explanation: 'A safety component in managing or operating critical digital infrastructure, road traffic, or the supply of water, gas, heating or electricity.' },
  { code: '3a', ref: '3(a)', label: 'Access or admission to education and training', explanation: 'Deciding who gets access to, is admitted to, or is assigned to education and vocational training institutions.' },
  { code: '3b', ref: '3(b)', label: 'Evaluating learning outcomes', explanation: 'Grading or evaluating what learners achieved, including when the result steers their learning.' },
  { code: '3c', ref: '3(c)', label: 'Assessing the level of education a person will get', explanation: 'Assessing the level of education a person will receive or be able to access.' },
  { code: '3d', ref: '3(d)', label: 'Proctoring: detecting prohibited behaviour in tests', explanation: 'Monitoring students during tests and flagging behaviour the rules prohibit.' },
  { code: '4a', ref: '4(a)', label: 'Recruitment and selection', explanation: 'Placing targeted job ads, screening or filtering applications, or evaluating candidates (for example CV screening or ranking).' },
  { code: '4b', ref: '4(b)', label: 'Decisions about workers', explanation: 'Deciding on terms of work, promotion or termination, allocating tasks by behaviour or traits, or monitoring and evaluating workers.' },
  { code: '5a', ref: '5(a)', label: 'Eligibility for public benefits and services', explanation: 'Used by or for public authorities to assess whether people are entitled to public assistance benefits and services, or to grant, reduce or revoke them.' },
  { code: '5b', ref: '5(b)', label: 'Creditworthiness and credit scoring', explanation: 'Evaluating the creditworthiness of natural persons or establishing their credit score; detecting financial fraud is not covered.' },
  { code: '5c', ref: '5(c)', label: 'Life and health insurance risk and pricing', explanation: 'Assessing risk and setting prices for natural persons in life and health insurance.' },
  { code: '5d', ref: '5(d)', label: 'Emergency calls and triage', explanation: 'Evaluating and classifying emergency calls, dispatching police, fire-fighters or medical aid, or triaging patients in emergency health care.' },
  { code: '6a', ref: '6(a)', label: 'Law enforcement: risk of becoming a victim', explanation: 'Used by or for law enforcement to assess the risk of a person becoming the victim of a crime.' },
  { code: '6b', ref: '6(b)', label: 'Law enforcement: polygraphs and similar tools', explanation: 'Polygraphs and similar tools used by or for law enforcement.' },
  { code: '6c', ref: '6(c)', label: 'Law enforcement: reliability of evidence', explanation: 'Evaluating how reliable evidence is when investigating or prosecuting crimes.' },
  { code: '6d', ref: '6(d)', label: 'Law enforcement: risk of offending or re-offending', explanation: 'Assessing the risk of a person offending or re-offending other than by profiling alone, or assessing personality traits or past criminal behaviour.' },
  { code: '6e', ref: '6(e)', label: 'Law enforcement: profiling in criminal investigations', explanation: 'Profiling people when detecting, investigating or prosecuting crimes.' },
  { code: '7a', ref: '7(a)', label: 'Migration and borders: polygraphs and similar tools', explanation: 'Polygraphs and similar tools used by or for migration, asylum or border control authorities.' },
  { code: '7b', ref: '7(b)', label: 'Migration and borders: risk assessment of persons', explanation: 'Assessing security, irregular migration or health risks posed by a person who intends to enter or has entered a Member State.' },
  { code: '7c', ref: '7(c)', label: 'Asylum, visa and residence applications', explanation: 'Assisting the examination of applications for asylum, visas or residence permits and related complaints, including assessing the reliability of evidence.' },
  { code: '7d', ref: '7(d)', label: 'Migration and borders: detecting or identifying persons', explanation: 'Detecting, recognising or identifying people in migration, asylum or border control; verifying travel documents is not covered.' },
  { code: '8a', ref: '8(a)', label: 'Assisting courts and dispute resolution', explanation: 'Helping a judicial authority (or alternative dispute resolution) research and interpret facts and law and apply the law to the facts.' },
  { code: '8b', ref: '8(b)', label: 'Influencing elections and referendums', explanation: 'Influencing the outcome of an election or referendum or how people vote; tools that only organise or optimise campaigns administratively are not covered.' },
];

/** The option value of an Annex III point, e.g. `annex_iii_4a`. */
export const annexIiiValue = (code: string): string => `annex_iii_${code}`;

/** The Annex III area of a point, e.g. `employment` for `4a`. */
export const annexIiiArea = (code: string): AnnexIiiArea => ANNEX_III_AREAS[code.charAt(0) as keyof typeof ANNEX_III_AREAS];

/** The Annex III points each use-case option means (the authorised real-time identification is point 1(a)). */
export const ANNEX_III_POINTS_BY_OPTION: ReadonlyMap<string, string> = new Map([
  ...ANNEX_III_POINTS.map((p) => [annexIiiValue(p.code), p.code] as const),
  [AUTHORISED_REAL_TIME_RBI, '1a'] as const,
]);

/** The use-case options that describe an Annex III use. */
export const ANNEX_III_OPTION_VALUES: readonly string[] = [...ANNEX_III_POINTS_BY_OPTION.keys()];
export const PROHIBITED_OPTION_VALUES: readonly string[] = PROHIBITED_PRACTICES.map((p) => p.value);

export const USE_CASE_OPTIONS: readonly EuAiActSettingOption[] = [
  ...PROHIBITED_PRACTICES.map((p) => ({
    value: p.value,
    label: `Art. 5(1)${p.point} — ${p.label}`,
    explanation: `${p.explanation} This practice is prohibited.`,
    article: `Art. 5(1)${p.point}`,
    group: p.group,
  })),
  AUTHORISED_REAL_TIME_RBI_OPTION,
  ...ANNEX_III_POINTS.map((p) => ({
    value: annexIiiValue(p.code),
    label: `Annex III ${p.ref} — ${p.label}`,
    explanation: p.explanation,
    article: `Art. 6(2), Annex III point ${p.ref}`,
    group: null,
  })),
  {
    value: 'none',
    label: 'None of these',
    explanation: 'The system is not used for any practice of Art. 5 or any use listed in Annex III.',
    article: 'Art. 5, Art. 6(2), Annex III',
    group: null,
  },
];
