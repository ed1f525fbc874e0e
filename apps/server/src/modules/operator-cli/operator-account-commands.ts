import { isOperatorRole, OPERATOR_ROLES, ZNewOperatorFields, zOperatorEmail } from '@mayur/contracts/admin';
import { createOperator } from '../admin/operators.ts';
import { required, type Command } from './command-kit.ts';
import { usageRefusal } from '../../platform/refusal.ts';

// The back office's first owner comes from the command line (nobody can sign in to create them);
// later operators are usually created in the console by an owner. Both end in createOperator. The
// command line prints the one-time password: whoever runs it holds the database already. The console
// e-mails it to the new operator instead (operator-powers.ts).

const ZCommandLineOperator = ZNewOperatorFields.extend({ email: zOperatorEmail.optional() });

export const operatorAccountCommands: Record<string, Command> = {
  'operator:create': {
    usage: `operator:create --login <login> --name "<name>" --role ${OPERATOR_ROLES.join('|')} [--email <address>] (prints a one-time password)`,
    async run(ctx, args) {
      if (!ctx.hasher) throw usageRefusal('this command needs the password hasher');
      const role = required(args, 'role');
      if (!isOperatorRole(role)) throw usageRefusal(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
      const parsed = ZCommandLineOperator.safeParse({
        login: required(args, 'login'),
        name: args.name ?? args.login,
        role,
        email: args.email,
      });
      if (!parsed.success)
        throw usageRefusal(
          '--login must be 3 to 100 letters, digits or ._@+-, --name 1 to 60 characters and --email an e-mail address',
        );
      const created = await createOperator(ctx.db, ctx.hasher, { ...parsed.data, createdBy: null }, ctx.clock.now());
      return [
        `operator ${created.operator.id} "${created.operator.name}" (${created.operator.login}) created as ${created.operator.role}`,
        'sign in at /admin with this one-time password, then enrol two-factor and choose a password; it is shown only now:',
        created.oneTimePassword,
      ];
    },
  },
};
