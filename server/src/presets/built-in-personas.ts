import type { ResponseConfiguration } from '../config/config-types.js';
import { defaultConfig } from '../config/defaults.js';
import type { Persona } from './preset-types.js';

/**
 * The personas shipped with the simulator: the situations of the provider document. Read-only;
 * duplicate one to edit it. Phone numbers are in the range Ofcom keeps for drama (07700 900xxx).
 */

const VC_TYPE = ['VerifiableCredential', 'VerifiableIdentityCredential'];

function identity(given: string[], family: string, birthDate: string): Record<string, unknown> {
  return {
    type: VC_TYPE,
    credentialSubject: {
      name: [
        {
          nameParts: [
            ...given.map((value) => ({ value, type: 'GivenName' })),
            { value: family, type: 'FamilyName' },
          ],
        },
      ],
      birthDate: [{ value: birthDate }],
    },
  };
}

const noIdentity = {
  maxLoCAchieved: 'P0',
  coreIdentityVerifiableCredentials: null,
  passportDetails: null,
  drivingPermitDetails: null,
  postalAddressDetails: null,
  returnCodes: [],
} satisfies Partial<ResponseConfiguration>;

/** What the Welsh interactive form shows for each built-in persona (nameCy, descriptionCy). */
const WELSH: Record<string, { nameCy: string; descriptionCy: string }> = {
  'default-user': {
    nameCy: 'Defnyddiwr diofyn',
    descriptionCy:
      'Ffurfweddiad ymateb diofyn yr efelychydd (Geoffrey Hearnshaw, P2, un cyfeiriad yng Nghaerloyw).',
  },
  'authentication-only': {
    nameCy: 'Mewngofnodi yn unig',
    descriptionCy:
      'Defnyddiwr gyda chyfrif a heb wiriad hunaniaeth: defnyddiwch gyda vtr ["Cl.Cm"].',
  },
  'identity-passport': {
    nameCy: 'Wedi’i wirio gyda phasbort (P2)',
    descriptionCy:
      'Hunaniaeth wedi’i phrofi ar P2 gyda phasbort y DU; un cyfeiriad presennol yn y DU.',
  },
  'identity-driving-licence': {
    nameCy: 'Wedi’i wirio gyda thrwydded yrru (P2)',
    descriptionCy:
      'Hunaniaeth wedi’i phrofi ar P2 gyda thrwydded yrru cerdyn-llun DVLA; dim pasbort.',
  },
  'address-history': {
    nameCy: 'Wedi symud tŷ: hanes cyfeiriadau',
    descriptionCy: 'Hunaniaeth P2 gyda thri chyfeiriad; y cyfeiriad presennol sy’n dod gyntaf.',
  },
  'identity-not-proven': {
    nameCy: 'Hunaniaeth heb ei phrofi',
    descriptionCy:
      'Wedi mewngofnodi ond nid oedd modd profi’r hunaniaeth: maxLoCAchieved P0, dim hunaniaeth graidd.',
  },
  'return-code-identity-succeeds': {
    nameCy: 'Cod dychwelyd X, hunaniaeth wedi’i phrofi',
    descriptionCy: 'Hunaniaeth wedi’i phrofi ar P2 a chod dychwelyd hefyd ([{"code":"X"}]).',
  },
  'return-code-identity-fails': {
    nameCy: 'Cod dychwelyd D, hunaniaeth heb ei phrofi',
    descriptionCy:
      'Methodd y gwiriad hunaniaeth: maxLoCAchieved P0, dim hunaniaeth graidd a’r cod dychwelyd [{"code":"D"}].',
  },
  'international-address': {
    nameCy: 'Cyfeiriad rhyngwladol',
    descriptionCy:
      'Hunaniaeth P2 yn byw y tu allan i’r DU: mae gan y cyfeiriad addressRegion a gwlad heblaw GB.',
  },
  'no-phone': {
    nameCy: 'Dim rhif ffôn',
    descriptionCy:
      'Defnyddiwr sy’n mewngofnodi gydag ap dilysu: phoneNumber yn null. Hunaniaeth wedi’i phrofi ar P2.',
  },
};

const persona = (
  id: string,
  name: string,
  description: string,
  responseConfiguration: ResponseConfiguration,
): Persona => ({ id, name, description, ...WELSH[id], builtIn: true, responseConfiguration });

export const BUILT_IN_PERSONAS: readonly Persona[] = [
  persona(
    'default-user',
    'Default user',
    'The simulator’s default response configuration (Geoffrey Hearnshaw, P2, one address in Gloucester).',
    defaultConfig().responseConfiguration,
  ),
  persona(
    'authentication-only',
    'Signs in only',
    'A user with an account and no identity check: use with vtr ["Cl.Cm"]. Asking for P2 gives access_denied (or, with the returnCode claim, no coreIdentityJWT).',
    {
      sub: 'urn:fdc:gov.uk:2022:zkbXxo_VULuV14ETYbppry3bU0sPAn-StFT3Stii0F4',
      email: 'alex.morgan@example.com',
      emailVerified: true,
      phoneNumber: '+447700900101',
      phoneNumberVerified: true,
      ...noIdentity,
    },
  ),
  persona(
    'identity-passport',
    'Verified with a passport (P2)',
    'Identity proven at P2 with a UK passport; one current UK address.',
    {
      sub: 'urn:fdc:gov.uk:2022:Xfftv9C5tUGiJlRwravscM4fBOnjeSbZI7a8ffAyrQc',
      email: 'sarah.patel@example.com',
      emailVerified: true,
      phoneNumber: '+447700900202',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: identity(['SARAH', 'ELIZABETH'], 'PATEL', '1987-03-14'),
      passportDetails: [
        { documentNumber: '549364783', icaoIssuerCode: 'GBR', expiryDate: '2031-08-01' },
      ],
      drivingPermitDetails: null,
      postalAddressDetails: [
        {
          validFrom: '2019-01-01',
          uprn: 10022812929,
          buildingNumber: '14',
          streetName: 'CHURCH LANE',
          addressLocality: 'YORK',
          postalCode: 'YO1 7HH',
          addressCountry: 'GB',
        },
      ],
      returnCodes: [],
    },
  ),
  persona(
    'identity-driving-licence',
    'Verified with a driving licence (P2)',
    'Identity proven at P2 with a DVLA photocard driving licence; no passport.',
    {
      sub: 'urn:fdc:gov.uk:2022:yaJ_65acerR6fzcdjWaPOmtba0KWIV0g7mj8esjKl0A',
      email: 'james.adeyemi@example.com',
      emailVerified: true,
      phoneNumber: '+447700900303',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: identity(['JAMES', 'OLUWASEUN'], 'ADEYEMI', '1979-11-23'),
      passportDetails: null,
      drivingPermitDetails: [
        {
          personalNumber: 'ADEYE711239JO9AB',
          issueNumber: '12',
          expiryDate: '2032-05-10',
          issuedBy: 'DVLA',
        },
      ],
      postalAddressDetails: [
        {
          validFrom: '2015-01-01',
          uprn: 100023336956,
          buildingNumber: '221',
          streetName: 'STRATFORD ROAD',
          addressLocality: 'BIRMINGHAM',
          postalCode: 'B11 1QX',
          addressCountry: 'GB',
        },
      ],
      returnCodes: [],
    },
  ),
  persona(
    'address-history',
    'Moved house: address history',
    'P2 identity with three addresses. Dates are year-only (YYYY-01-01); the current address has no validUntil and comes first, earlier ones follow. Relying parties should pick the current address by validUntil, not by position.',
    {
      sub: 'urn:fdc:gov.uk:2022:VuQUlKmxSY0SaWecwTYS7OCFTavqUbzNibcExivjdTw',
      email: 'olivia.hughes@example.com',
      emailVerified: true,
      phoneNumber: '+447700900404',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: identity(['OLIVIA'], 'HUGHES', '1992-07-02'),
      passportDetails: [
        { documentNumber: '533401372', icaoIssuerCode: 'GBR', expiryDate: '2029-02-14' },
      ],
      drivingPermitDetails: null,
      postalAddressDetails: [
        {
          validFrom: '2022-01-01',
          uprn: 10093609154,
          buildingNumber: '8',
          streetName: 'HADLEY ROAD',
          addressLocality: 'BATH',
          postalCode: 'BA2 5AA',
          addressCountry: 'GB',
        },
        {
          validFrom: '2016-01-01',
          validUntil: '2022-01-01',
          uprn: 200003409132,
          subBuildingName: 'FLAT 3',
          buildingName: 'RIVERSIDE COURT',
          streetName: 'QUAY STREET',
          addressLocality: 'BRISTOL',
          postalCode: 'BS1 4DJ',
          addressCountry: 'GB',
        },
        {
          validFrom: '2009-01-01',
          validUntil: '2016-01-01',
          organisationName: 'THE OLD FORGE',
          buildingName: 'FORGE COTTAGE',
          dependentStreetName: 'MILL LANE',
          streetName: 'HIGH STREET',
          doubleDependentAddressLocality: 'LOWER SLAUGHTER',
          dependentAddressLocality: 'BOURTON-ON-THE-WATER',
          addressLocality: 'CHELTENHAM',
          postalCode: 'GL54 2HP',
          addressCountry: 'GB',
        },
      ],
      returnCodes: [],
    },
  ),
  persona(
    'identity-not-proven',
    'Identity not proven',
    'Signed in but identity could not be proven: maxLoCAchieved P0 and no core identity. Asking for P2 gives access_denied unless the client allows and the request asks for the returnCode claim; then /userinfo has no coreIdentityJWT.',
    {
      sub: 'urn:fdc:gov.uk:2022:fXvR52RvGliNflpFGHte0i-ekmkyMphn_okjCty4a2Q',
      email: 'daniel.okafor@example.com',
      emailVerified: true,
      phoneNumber: '+447700900505',
      phoneNumberVerified: true,
      ...noIdentity,
    },
  ),
  persona(
    'return-code-identity-succeeds',
    'Return code X, identity proven',
    'Identity proven at P2 and a return code as well ([{"code":"X"}]), as happens for example for a politically exposed person. The client must allow and request the returnCode claim, otherwise /authorize answers access_denied.',
    {
      sub: 'urn:fdc:gov.uk:2022:2CccdkRbXQTSm-eTpxZy4hjlUUaEdK9_NNpTktQV2qw',
      email: 'margaret.whitfield@example.com',
      emailVerified: true,
      phoneNumber: '+447700900606',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: identity(['MARGARET'], 'WHITFIELD', '1961-09-30'),
      passportDetails: [
        { documentNumber: '120382978', icaoIssuerCode: 'GBR', expiryDate: '2030-04-22' },
      ],
      drivingPermitDetails: null,
      postalAddressDetails: [
        {
          validFrom: '2003-01-01',
          uprn: 100021960563,
          buildingNumber: '3',
          streetName: 'PARK CRESCENT',
          addressLocality: 'LONDON',
          postalCode: 'W1B 1PH',
          addressCountry: 'GB',
        },
      ],
      returnCodes: [{ code: 'X' }],
    },
  ),
  persona(
    'return-code-identity-fails',
    'Return code D, identity not proven',
    'The identity check failed: maxLoCAchieved P0, no core identity and the return code [{"code":"D"}]. With the returnCode claim allowed and requested /authorize issues a code and /userinfo returns the return code; otherwise access_denied.',
    {
      sub: 'urn:fdc:gov.uk:2022:zK-JrB8iBFPqMVraRYl-LGEEPzVPYkAsxi-nMetXB8U',
      email: 'tom.fletcher@example.com',
      emailVerified: true,
      phoneNumber: '+447700900707',
      phoneNumberVerified: true,
      ...noIdentity,
      returnCodes: [{ code: 'D' }],
    },
  ),
  persona(
    'international-address',
    'International address',
    'P2 identity living outside the UK: the address has addressRegion, a non-GB addressCountry and no uprn.',
    {
      sub: 'urn:fdc:gov.uk:2022:OMCqDTxxAWed4Ifs1iVArgRqVQDmeomRzO9te0rwo4s',
      email: 'claire.martin@example.com',
      emailVerified: true,
      phoneNumber: '+33612345678',
      phoneNumberVerified: true,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: identity(['CLAIRE'], 'MARTIN', '1990-12-05'),
      passportDetails: [
        { documentNumber: '18AV27391', icaoIssuerCode: 'FRA', expiryDate: '2033-06-18' },
      ],
      drivingPermitDetails: null,
      postalAddressDetails: [
        {
          validFrom: '2020-01-01',
          buildingNumber: '42',
          streetName: 'Rue de Rivoli',
          addressLocality: 'Paris',
          addressRegion: 'Ile-de-France',
          postalCode: '75004',
          addressCountry: 'FR',
        },
      ],
      returnCodes: [],
    },
  ),
  persona(
    'no-phone',
    'No phone number',
    'A user who signs in with an authenticator app: phoneNumber null, so /userinfo has no phone_number even with the phone scope. Identity proven at P2.',
    {
      sub: 'urn:fdc:gov.uk:2022:PB0WsCaanAYy4GX-QsHoh1siTra8My_cVrJi-3FaN_M',
      email: 'priya.shah@example.com',
      emailVerified: true,
      phoneNumber: null,
      phoneNumberVerified: false,
      maxLoCAchieved: 'P2',
      coreIdentityVerifiableCredentials: identity(['PRIYA'], 'SHAH', '1984-01-27'),
      passportDetails: null,
      drivingPermitDetails: null,
      postalAddressDetails: [
        {
          validFrom: '2012-01-01',
          uprn: 906700133519,
          buildingNumber: '17',
          streetName: 'PRINCES STREET',
          addressLocality: 'EDINBURGH',
          postalCode: 'EH2 2AN',
          addressCountry: 'GB',
        },
      ],
      returnCodes: [],
    },
  ),
];

export function findBuiltInPersona(id: string): Persona | undefined {
  return BUILT_IN_PERSONAS.find((p) => p.id === id);
}
