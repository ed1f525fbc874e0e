import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every operator power lives once: a command of the CLI calls the use case the console's route calls,
// with its maker-checker and its audit, and keeps only reading its options and printing. So the CLI
// writes nothing itself (but its own audit row), never reaches past the use cases into maker-checker's
// parts, and for each power imports the very function the console imports.

const moduleDir = import.meta.dirname;
const sourceOf = (file: string) => fs.readFileSync(path.join(moduleDir, file), 'utf8');
const cliSources = fs
  .readdirSync(moduleDir)
  .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
  .map((file) => ({ file, text: sourceOf(file) }));

/** The names a file imports from a module whose path ends with `from`. */
function importedNames(text: string, from: string): string[] {
  const names: string[] = [];
  const pattern = /import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g;
  for (const match of text.matchAll(pattern)) {
    if (!match[2]!.endsWith(from)) continue;
    names.push(
      ...match[1]!
        .split(',')
        .map((name) => name.replace(/^\s*type\s+/, '').trim())
        .filter(Boolean),
    );
  }
  return names;
}

/** Each power: the use case, its module, the CLI file and the console file that both call it. */
const power = (useCase: string, from: string, cli: string, consoleFile: string) => ({ useCase, from, cli, console: consoleFile });
const POWERS = [
  power('approveWithChecker', 'payments/withdraw/maker-checker.ts', 'payment-commands.ts', 'decide-withdrawal-as-operator.ts'),
  power('rejectWithdrawal', 'payments/withdraw/decide-withdrawal.ts', 'payment-commands.ts', 'decide-withdrawal-as-operator.ts'),
  power('confirmUsdtDeposit', 'payments/recharge/confirm-usdt-deposit.ts', 'payment-commands.ts', 'deposit-confirm.ts'),
  power('returnHeldDeposit', 'payments/recharge/return-held-deposit.ts', 'payment-commands.ts', 'deposit-confirm.ts'),
  power('requestAdjustment', 'adjust-balance.ts', 'operator-commands.ts', 'player-routes.ts'),
  power('approveAdjustment', 'adjust-balance.ts', 'operator-commands.ts', 'player-routes.ts'),
  power('rejectAdjustment', 'adjust-balance.ts', 'operator-commands.ts', 'player-routes.ts'),
  power('createGiftCode', 'gifts/gift-codes.ts', 'gift-commands.ts', 'gift-codes.ts'),
  power('approveGiftCode', 'gifts/gift-codes.ts', 'gift-commands.ts', 'gift-codes.ts'),
  power('rejectGiftCode', 'gifts/gift-codes.ts', 'gift-commands.ts', 'gift-codes.ts'),
  power('createOperator', 'operators.ts', 'operator-account-commands.ts', 'operator-powers.ts'),
  power('answerComplaint', 'complaints/operator-complaints.ts', 'complaint-commands.ts', 'admin-complaints.ts'),
  power('closeComplaint', 'complaints/operator-complaints.ts', 'complaint-commands.ts', 'admin-complaints.ts'),
  power('findDepositQueue', 'find-deposit-queue.ts', 'payment-commands.ts', 'routes.ts'),
  power('findPlayerByReference', 'search-players.ts', 'command-kit.ts', 'search-players.ts'),
];

describe('the CLI and the console share each operator power', () => {
  it.each(POWERS)('$cli calls $useCase, as the console does', ({ useCase, from, cli, console: consoleFile }) => {
    expect(importedNames(sourceOf(cli), from)).toContain(useCase);
    const consoleText = fs.readFileSync(path.join(moduleDir, '..', 'admin', consoleFile), 'utf8');
    const isDefinedThere = new RegExp(`export async function ${useCase}\\b`).test(consoleText);
    expect(isDefinedThere || importedNames(consoleText, from).includes(useCase), `${consoleFile} calls ${useCase}`).toBe(true);
  });

  it('writes nothing but its own audit row: every change is a use case’s', () => {
    for (const { file, text } of cliSources) {
      const writes = [...text.matchAll(/\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\s+(\w+)/gi)].map((match) => match[2]);
      expect(writes, file).toEqual(file === 'operator-commands.ts' ? ['admin_audit_log'] : []);
    }
  });

  it('never reaches past a use case into maker-checker’s parts, the ledger or its own refusal class', () => {
    for (const { file, text } of cliSources) {
      expect(text, file).not.toMatch(/approvals\/(approver-rules|single-approval-allowance)\.ts/);
      expect(text, file).not.toMatch(/wallet\/ledger\.ts|adjust-player-cash\.ts/);
      expect(text, file).not.toMatch(/class \w+ extends Error/);
    }
  });
});
