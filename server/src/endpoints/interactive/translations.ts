import { MAX_STRING, type ResponseField } from '../../config/field-rules.js';
import type { FormSection } from './form-fields.js';
import { MAX_JSON_DEPTH, type FormIssue } from './parse-form-submission.js';

export type Lang = 'en' | 'cy';

/** How a field is named on the form and inside sentences. */
export interface FieldText {
  label: string;
  hint?: string;
  /** The field as a noun phrase, mid-sentence. */
  name: string;
  /**
   * The noun phrase after a verb or "i" (Welsh soft mutation: "Rhowch fanylion pasbort").
   * English: the same as `name`.
   */
  mutated: string;
}

type FieldMessage = (field: FieldText) => string;

export interface InteractiveText {
  serviceName: string;
  modeTag: string;
  skipLink: string;
  title: string;
  heading: string;
  intro: string;
  errorPrefix: string;
  errorLabel: string;
  errorSummaryTitle: string;
  request: {
    heading: string;
    client: string;
    scopes: string;
    claims: string;
    vtr: string;
    redirect: string;
    returned: string;
    none: string;
  };
  notRequested: string;
  levelAsked: (level: string) => string;
  sections: Record<FormSection, string>;
  continueButton: string;
  /** The one-click personas above the fields. */
  personas: {
    heading: string;
    intro: string;
    button: string;
    /** The persona submitted is not one of those listed (unknown id, deleted since). */
    unknown: string;
  };
  footer: string;
  fields: Record<ResponseField, FieldText>;
  messages: {
    required: string;
    text: FieldMessage;
    single: FieldMessage;
    tooLong: FieldMessage;
    level: string;
    boolean: FieldMessage;
    json: (field: FieldText, position?: number) => string;
    object: FieldMessage;
    array: FieldMessage;
    returnCodes: string;
    tooMany: FieldMessage;
    tooDeep: FieldMessage;
  };
  expired: { message: string; heading: string; body: string };
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const MAX = MAX_STRING.toLocaleString('en-GB');

const EN: InteractiveText = {
  serviceName: 'Identity Simulator',
  modeTag: 'Interactive mode',
  skipLink: 'Skip to main content',
  title: 'Enter response configuration',
  heading: 'Enter response configuration',
  intro:
    'Choose the user data the simulator sends back for this sign-in. The boxes start with the current configuration; anything you do not change keeps its configured value.',
  errorPrefix: 'Error: ',
  errorLabel: 'Error:',
  errorSummaryTitle: 'There is a problem',
  request: {
    heading: 'What the service asked for',
    client: 'Client ID',
    scopes: 'Scopes',
    claims: 'Identity claims',
    vtr: 'Vector of trust (vtr)',
    redirect: 'Returns to',
    returned: 'Fields it will receive',
    none: 'None',
  },
  notRequested: 'Not requested',
  levelAsked: (level) => `The service asked for ${level}.`,
  sections: { account: 'Account details', identity: 'Identity details' },
  continueButton: 'Continue',
  personas: {
    heading: 'Choose a persona',
    intro:
      'Sign in as one of these users in one click. Their data replaces the fields below for this sign-in only.',
    button: 'Use this persona',
    unknown: 'Choose one of the personas listed',
  },
  footer: 'Identity Simulator is a local stand-in for GOV.UK One Login, for testing only.',
  fields: {
    sub: {
      label: 'Subject identifier (sub)',
      hint: 'Required. The identifier the service receives for this user.',
      name: 'subject identifier (sub)',
      mutated: 'subject identifier (sub)',
    },
    email: {
      label: 'Email address (email)',
      hint: 'Leave empty to send null.',
      name: 'email address',
      mutated: 'email address',
    },
    emailVerified: {
      label: 'Email address verified (emailVerified)',
      name: 'email address verified',
      mutated: 'email address verified',
    },
    phoneNumber: {
      label: 'Phone number (phoneNumber)',
      hint: 'Leave empty to send no phone number.',
      name: 'phone number',
      mutated: 'phone number',
    },
    phoneNumberVerified: {
      label: 'Phone number verified (phoneNumberVerified)',
      name: 'phone number verified',
      mutated: 'phone number verified',
    },
    maxLoCAchieved: {
      label: 'Highest level of confidence achieved (maxLoCAchieved)',
      hint: 'P0, P1, P2 or P3.',
      name: 'level of confidence',
      mutated: 'level of confidence',
    },
    coreIdentityVerifiableCredentials: {
      label: 'Core identity credential (coreIdentityVerifiableCredentials)',
      hint: 'A JSON object: the vc claim of the core identity JWT. Leave empty to send none.',
      name: 'the core identity credential',
      mutated: 'the core identity credential',
    },
    passportDetails: {
      label: 'Passport details (passportDetails)',
      hint: 'A JSON array of objects. Leave empty to send none.',
      name: 'passport details',
      mutated: 'passport details',
    },
    drivingPermitDetails: {
      label: 'Driving licence details (drivingPermitDetails)',
      hint: 'A JSON array of objects. Leave empty to send none.',
      name: 'driving licence details',
      mutated: 'driving licence details',
    },
    postalAddressDetails: {
      label: 'Postal addresses (postalAddressDetails)',
      hint: 'A JSON array of objects. Leave empty to send none.',
      name: 'postal addresses',
      mutated: 'postal addresses',
    },
    returnCodes: {
      label: 'Return codes (returnCodes)',
      hint: 'A JSON array such as [{"code": "X"}]; [] for none. If any are set and the service did not ask for the returnCode claim, the sign-in ends with access_denied.',
      name: 'return codes',
      mutated: 'return codes',
    },
  },
  messages: {
    required: 'Enter a subject identifier (sub)',
    text: (f) => `Enter ${f.mutated} as text`,
    single: (f) => `Enter only one value for ${f.name}`,
    tooLong: (f) => `${capitalise(f.name)} must be ${MAX} characters or fewer`,
    level: 'Enter a level of confidence: P0, P1, P2 or P3',
    boolean: (f) => `${capitalise(f.name)} must be true or false`,
    json: (f, position) =>
      `Enter ${f.mutated} as valid JSON` +
      (position === undefined ? '' : ` (check character ${position})`),
    object: (f) => `Enter ${f.mutated} as a JSON object, or leave the box empty`,
    array: (f) => `Enter ${f.mutated} as a JSON array of objects, or leave the box empty`,
    returnCodes:
      'Enter return codes as a JSON array of objects that each have a "code", or leave the box empty',
    tooMany: (f) => `Enter ${f.mutated} with 100 items or fewer`,
    tooDeep: (f) => `Enter ${f.mutated} with ${MAX_JSON_DEPTH} levels of nesting or fewer`,
  },
  expired: {
    message: 'This sign-in has expired or was already completed; start again from the service',
    heading: 'This sign-in has expired or was already completed',
    body: 'Start again from the service.',
  },
};

const CY: InteractiveText = {
  serviceName: 'Identity Simulator',
  modeTag: 'Modd rhyngweithiol',
  skipLink: 'Neidio i’r prif gynnwys',
  title: 'Rhowch ffurfweddiad yr ymateb',
  heading: 'Rhowch ffurfweddiad yr ymateb',
  intro:
    'Dewiswch y data defnyddiwr y bydd yr efelychydd yn eu hanfon yn ôl ar gyfer y mewngofnodi hwn. Mae’r blychau’n dechrau gyda’r ffurfweddiad presennol; bydd unrhyw beth na fyddwch yn ei newid yn cadw ei werth presennol.',
  errorPrefix: 'Gwall: ',
  errorLabel: 'Gwall:',
  errorSummaryTitle: 'Mae problem',
  request: {
    heading: 'Beth y gofynnodd y gwasanaeth amdano',
    client: 'ID y cleient',
    scopes: 'Cwmpasau',
    claims: 'Hawliadau hunaniaeth',
    vtr: 'Fector ymddiriedaeth (vtr)',
    redirect: 'Yn dychwelyd i',
    returned: 'Meysydd y bydd yn eu cael',
    none: 'Dim',
  },
  notRequested: 'Ni ofynnwyd amdano',
  levelAsked: (level) => `Gofynnodd y gwasanaeth am ${level}.`,
  sections: { account: 'Manylion y cyfrif', identity: 'Manylion hunaniaeth' },
  continueButton: 'Parhau',
  personas: {
    heading: 'Dewis persona',
    intro:
      'Mewngofnodwch fel un o’r defnyddwyr hyn gydag un clic. Bydd eu data’n cymryd lle’r meysydd isod ar gyfer y mewngofnodi hwn yn unig.',
    button: 'Defnyddio’r persona hwn',
    unknown: 'Dewiswch un o’r personas a restrir',
  },
  footer:
    'Mae Identity Simulator yn efelychydd lleol yn lle GOV.UK One Login, ar gyfer profi yn unig.',
  fields: {
    sub: {
      label: 'Dynodwr pwnc (sub)',
      hint: 'Gofynnol. Y dynodwr y mae’r gwasanaeth yn ei gael ar gyfer y defnyddiwr hwn.',
      name: 'dynodwr pwnc (sub)',
      mutated: 'ddynodwr pwnc (sub)',
    },
    email: {
      label: 'Cyfeiriad e-bost (email)',
      hint: 'Gadewch yn wag i anfon null.',
      name: 'cyfeiriad e-bost',
      mutated: 'gyfeiriad e-bost',
    },
    emailVerified: {
      label: 'Cyfeiriad e-bost wedi’i wirio (emailVerified)',
      name: 'cyfeiriad e-bost wedi’i wirio',
      mutated: 'gyfeiriad e-bost wedi’i wirio',
    },
    phoneNumber: {
      label: 'Rhif ffôn (phoneNumber)',
      hint: 'Gadewch yn wag i beidio ag anfon rhif ffôn.',
      name: 'rhif ffôn',
      mutated: 'rif ffôn',
    },
    phoneNumberVerified: {
      label: 'Rhif ffôn wedi’i wirio (phoneNumberVerified)',
      name: 'rhif ffôn wedi’i wirio',
      mutated: 'rif ffôn wedi’i wirio',
    },
    maxLoCAchieved: {
      label: 'Lefel hyder uchaf a gyflawnwyd (maxLoCAchieved)',
      hint: 'P0, P1, P2 neu P3.',
      name: 'lefel hyder',
      mutated: 'lefel hyder',
    },
    coreIdentityVerifiableCredentials: {
      label: 'Tystlythyr hunaniaeth graidd (coreIdentityVerifiableCredentials)',
      hint: 'Gwrthrych JSON: hawliad vc y JWT hunaniaeth graidd. Gadewch yn wag i beidio ag anfon un.',
      name: 'y tystlythyr hunaniaeth graidd',
      mutated: 'y tystlythyr hunaniaeth graidd',
    },
    passportDetails: {
      label: 'Manylion pasbort (passportDetails)',
      hint: 'Arae JSON o wrthrychau. Gadewch yn wag i beidio ag anfon dim.',
      name: 'manylion pasbort',
      mutated: 'fanylion pasbort',
    },
    drivingPermitDetails: {
      label: 'Manylion trwydded yrru (drivingPermitDetails)',
      hint: 'Arae JSON o wrthrychau. Gadewch yn wag i beidio ag anfon dim.',
      name: 'manylion trwydded yrru',
      mutated: 'fanylion trwydded yrru',
    },
    postalAddressDetails: {
      label: 'Cyfeiriadau post (postalAddressDetails)',
      hint: 'Arae JSON o wrthrychau. Gadewch yn wag i beidio ag anfon dim.',
      name: 'cyfeiriadau post',
      mutated: 'gyfeiriadau post',
    },
    returnCodes: {
      label: 'Codau dychwelyd (returnCodes)',
      hint: 'Arae JSON fel [{"code": "X"}]; [] os nad oes rhai. Os oes unrhyw rai wedi’u gosod a’r gwasanaeth heb ofyn am yr hawliad returnCode, daw’r mewngofnodi i ben gydag access_denied.',
      name: 'codau dychwelyd',
      mutated: 'godau dychwelyd',
    },
  },
  messages: {
    required: 'Rhowch ddynodwr pwnc (sub)',
    text: (f) => `Rhowch ${f.mutated} fel testun`,
    single: (f) => `Rhowch un gwerth yn unig ar gyfer ${f.name}`,
    tooLong: (f) => `Rhaid i ${f.mutated} fod yn ${MAX} nod neu lai`,
    level: 'Rhowch lefel hyder: P0, P1, P2 neu P3',
    boolean: (f) => `Rhaid i ${f.mutated} fod yn true neu false`,
    json: (f, position) =>
      `Rhowch ${f.mutated} fel JSON dilys` +
      (position === undefined ? '' : ` (gwiriwch nod ${position})`),
    object: (f) => `Rhowch ${f.mutated} fel gwrthrych JSON, neu gadewch y blwch yn wag`,
    array: (f) => `Rhowch ${f.mutated} fel arae JSON o wrthrychau, neu gadewch y blwch yn wag`,
    returnCodes:
      'Rhowch godau dychwelyd fel arae JSON o wrthrychau sydd â "code" ym mhob un, neu gadewch y blwch yn wag',
    tooMany: (f) => `Rhowch ${f.mutated} gyda 100 eitem neu lai`,
    tooDeep: (f) => `Rhowch ${f.mutated} gyda ${MAX_JSON_DEPTH} lefel o nythu neu lai`,
  },
  expired: {
    message:
      'Mae’r mewngofnodi hwn wedi dod i ben neu wedi’i gwblhau’n barod; dechreuwch eto o’r gwasanaeth',
    heading: 'Mae’r mewngofnodi hwn wedi dod i ben neu wedi’i gwblhau’n barod',
    body: 'Dechreuwch eto o’r gwasanaeth.',
  },
};

export const INTERACTIVE_TEXT: Record<Lang, InteractiveText> = { en: EN, cy: CY };

const isResponseField = (field: string): field is ResponseField => Object.hasOwn(EN.fields, field);

/** The message shown next to a field, in the page language. */
export function issueMessage(issue: FormIssue, lang: Lang): string {
  const t = INTERACTIVE_TEXT[lang];
  if (issue.code === 'persona') return t.personas.unknown;
  if (!isResponseField(issue.field) || issue.code === undefined) return issue.msg;
  const field = t.fields[issue.field];
  const m = t.messages;
  switch (issue.code) {
    case 'required':
      return m.required;
    case 'text':
      return m.text(field);
    case 'single':
      return m.single(field);
    case 'tooLong':
      return m.tooLong(field);
    case 'level':
      return m.level;
    case 'boolean':
      return m.boolean(field);
    case 'json':
      return m.json(field, issue.position);
    case 'tooMany':
      return m.tooMany(field);
    case 'tooDeep':
      return m.tooDeep(field);
    case 'shape':
      if (issue.field === 'returnCodes') return m.returnCodes;
      if (issue.field === 'coreIdentityVerifiableCredentials') return m.object(field);
      return m.array(field);
  }
}
