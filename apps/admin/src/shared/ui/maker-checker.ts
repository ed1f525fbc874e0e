// Maker-checker as the console shows it: the server refuses a second approval by the same person
// (APPROVAL_ALREADY_GIVEN), and the console does not offer it in the first place. People are told
// apart by their approver key, written by the server as `operator:<id>` for a console operator
// (`cli:<actor>` for the command line).

/** The signed-in operator's approver key. */
export function approverKeyOf(operatorId: string): string {
  return `operator:${operatorId}`;
}

/**
 * Whether the operator already took part in this decision (asked for it, made it, or approved it), so
 * that Approve is not theirs to press. Without a signed-in operator nobody may approve.
 */
export function hasTakenPart(operatorId: string | undefined, keys: ReadonlyArray<string | null>): boolean {
  if (operatorId === undefined) return true;
  return keys.includes(approverKeyOf(operatorId));
}
