import type { ComponentType, ReactNode } from 'react';
import { AddressesField } from './AddressesField.js';
import { ChoiceField, SwitchField, TextField } from './fields.js';
import {
  DRIVING_PERMIT_PROPERTIES,
  FIELD,
  LEVELS,
  PASSPORT_PROPERTIES,
  RETURN_CODE_PROPERTIES,
} from './form-model.js';
import { IdentityField } from './IdentityField.js';
import { RowsField } from './RowsField.js';

export interface SectionProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * The response configuration fields (who the user is), shared by the configuration screen and the
 * persona editor; each passes the section frame it lays them out in.
 */
export function ResponseFields({ Section }: { Section: ComponentType<SectionProps> }) {
  return (
    <>
      <Section
        id="user"
        title="User"
        description="What /userinfo and the ID token say about the signed-in user."
      >
        <TextField
          path={FIELD.response('sub')}
          label="Subject (sub)"
          hint="Pairwise user identifier, URN-shaped."
          mono
          wide
        />
        <TextField path={FIELD.response('email')} label="Email" type="email" nullable />
        <SwitchField path={FIELD.response('emailVerified')} label="Email verified" />
        <TextField
          path={FIELD.response('phoneNumber')}
          label="Phone number"
          hint="E.164 in production, e.g. +447700900000."
          type="tel"
          nullable
        />
        <SwitchField path={FIELD.response('phoneNumberVerified')} label="Phone verified" />
        <ChoiceField
          path={FIELD.response('maxLoCAchieved')}
          label="Max level of confidence achieved"
          hint="Identity requests above this level are refused (or answered with return codes)."
          options={LEVELS.map((l) => ({ value: l }))}
        />
      </Section>
      <Section
        id="identity"
        title="Core identity"
        description="The verified name and date of birth signed into the coreIdentityJWT claim."
      >
        <IdentityField path={FIELD.response('coreIdentityVerifiableCredentials')} />
      </Section>
      <Section
        id="addresses"
        title="Addresses"
        description="The address claim: all addresses the user entered, covering at least 3 months."
      >
        <AddressesField path={FIELD.response('postalAddressDetails')} />
      </Section>
      <Section id="documents" title="Documents & return codes">
        <RowsField
          path={FIELD.response('passportDetails')}
          label="Passports"
          hint="Returned in the passport claim when requested."
          columns={PASSPORT_PROPERTIES}
          emptyAs={null}
          addLabel="Add passport"
          newRow={{ documentNumber: '', icaoIssuerCode: 'GBR', expiryDate: '' }}
        />
        <RowsField
          path={FIELD.response('drivingPermitDetails')}
          label="Driving permits"
          hint="Returned in the drivingPermit claim when requested."
          columns={DRIVING_PERMIT_PROPERTIES}
          emptyAs={null}
          addLabel="Add driving permit"
          newRow={{ personalNumber: '', issueNumber: '', issuedBy: 'DVLA', expiryDate: '' }}
        />
        <RowsField
          path={FIELD.response('returnCodes')}
          label="Return codes"
          hint="Returned only if the returnCode claim is allowed for the client and requested; otherwise /authorize answers access_denied."
          columns={RETURN_CODE_PROPERTIES}
          emptyAs={[]}
          addLabel="Add return code"
          newRow={{ code: '' }}
        />
      </Section>
    </>
  );
}
