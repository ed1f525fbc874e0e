import { inviteBonusSettings } from '../src/modules/agent/pay-invite-bonus.ts';
import { approvalRulesOf } from '../src/modules/approvals/approval-rules.ts';
import { runOperatorCommand, type CommandArgs } from '../src/modules/operator-cli/operator-commands.ts';
import type { TestServer } from './test-server.ts';

// The operator command line as `npm run admin` runs it next to the back office: under the same
// maker-checker numbers, taken from the server's settings.

/** An operator command as `actor`, under the approval rules the console applies. */
export function consoleRulesCommand(server: TestServer, name: string, args: CommandArgs, actor: string) {
  const { db, clock, log, gateway, config } = server.ctx;
  const inviteBonus = inviteBonusSettings(config);
  return runOperatorCommand(
    { db, clock, log, gateway, inviteBonus, actor, approvalRules: approvalRulesOf(config.admin) },
    name,
    args,
  );
}
