/**
 * The fields of the response configuration (what /userinfo answers), in the order the
 * simulator document lists them. Tests spell them out here, not from the source, so that a field
 * dropped from the code fails them.
 */
export const RESPONSE_FIELDS = [
  'sub',
  'email',
  'emailVerified',
  'phoneNumber',
  'phoneNumberVerified',
  'maxLoCAchieved',
  'coreIdentityVerifiableCredentials',
  'passportDetails',
  'drivingPermitDetails',
  'postalAddressDetails',
  'returnCodes',
] as const;
