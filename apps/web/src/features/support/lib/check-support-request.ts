import {
  SUPPORT_FORM_IDS,
  SUPPORT_LIMITS,
  SupportContactInput,
  type SupportFormId,
} from '@attune/contract';

/** What the member typed and chose, as the form holds it. */
export interface SupportValues {
  formId: SupportFormId | '';
  name: string;
  email: string;
  message: string;
}

export type SupportField = keyof SupportValues;

/** Why a field is refused: keys of `support:form.errors`. */
export type SupportProblem =
  | 'formRequired'
  | 'nameRequired'
  | 'nameTooLong'
  | 'emailRequired'
  | 'emailInvalid'
  | 'messageTooShort'
  | 'messageTooLong';

export type SupportProblems = Partial<Record<SupportField, SupportProblem>>;

/** The fields in the order they are shown: the first refused one takes the focus. */
export const SUPPORT_FIELDS: readonly SupportField[] = ['formId', 'name', 'email', 'message'];

/** Message length as the server counts it (without surrounding spaces). */
export const messageLength = (message: string) => message.trim().length;

/**
 * The same checks as the contract's `SupportContactInput` (limits from `SUPPORT_LIMITS`), each
 * with its own reason, so the member reads what to change, not just "invalid".
 */
export function checkSupportRequest(values: SupportValues): SupportProblems {
  const problems: SupportProblems = {};
  if (!SUPPORT_FORM_IDS.includes(values.formId as SupportFormId)) problems.formId = 'formRequired';
  const name = values.name.trim();
  if (!name) problems.name = 'nameRequired';
  else if (name.length > SUPPORT_LIMITS.nameMax) problems.name = 'nameTooLong';
  const email = values.email.trim();
  if (!email) problems.email = 'emailRequired';
  else if (!SupportContactInput.shape.email.safeParse(email).success)
    problems.email = 'emailInvalid';
  const length = messageLength(values.message);
  if (length < SUPPORT_LIMITS.messageMin) problems.message = 'messageTooShort';
  else if (length > SUPPORT_LIMITS.messageMax) problems.message = 'messageTooLong';
  return problems;
}

/** The request to send, from values that passed `checkSupportRequest`. */
export function supportRequestInput(
  values: SupportValues & { formId: SupportFormId },
  website: string,
): SupportContactInput {
  return {
    formId: values.formId,
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    ...(website ? { website } : {}),
  };
}
