// Who approves a money movement or an operator power, from the console or the command line. The key
// tells approvers apart: `operator:<id>` for a console operator, `cli:<actor>` for the command line
// (ADMIN_ACTOR). `operatorId` is set for a console operator only.

export type Approver = { key: string; operatorId: string | null; actor: string };

export function consoleApprover(operator: { id: string; login: string }): Approver {
  return { key: `operator:${operator.id}`, operatorId: operator.id, actor: `operator:${operator.login}` };
}

export function commandLineApprover(actor: string): Approver {
  return { key: `cli:${actor}`, operatorId: null, actor };
}
