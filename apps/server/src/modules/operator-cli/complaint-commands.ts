import { COMPLAINT_STATUSES, SCREENSHOT_EXTENSIONS, type ComplaintStatus } from '@mayur/rules/complaint-rules';
import {
  answerComplaint,
  closeComplaint,
  findComplaintQueue,
  findComplaintThread,
  findScreenshotForOperator,
  QUEUE_LIMIT,
} from '../complaints/operator-complaints.ts';
import { required, type Command, type CommandArgs } from './command-kit.ts';
import { usageRefusal } from '../../platform/refusal.ts';

// Operator commands for complaints and suggestions, until the back office exists: the queue, one
// complaint's thread, an answer, closing. Audited by runOperatorCommand like every other command.

function statuses(args: CommandArgs): ComplaintStatus[] {
  const status = (args.status ?? 'waiting').toLowerCase();
  if (status === 'waiting') return ['open'];
  if (status === 'all') return [...COMPLAINT_STATUSES];
  if (!(COMPLAINT_STATUSES as readonly string[]).includes(status))
    throw usageRefusal(`--status must be waiting (open, the default), ${COMPLAINT_STATUSES.join(', ')} or all`);
  return [status as ComplaintStatus];
}

function oneLine(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

async function showThread(ctx: Parameters<Command['run']>[0], reference: string): Promise<string[]> {
  const { row, view, operatorOf } = await findComplaintThread(ctx.db, reference);
  return [
    `${view.number} (id ${view.id}) player ${row.user_id} ${view.type} ${view.status}${view.reference ? ` about ${view.reference.kind} ${view.reference.id}` : ''}`,
    `filed ${view.createTime}, updated ${view.updateTime}`,
    ...view.messages.flatMap((message) => [
      `  [${message.createTime}] ${message.author === 'operator' ? `operator ${operatorOf.get(message.id)}` : 'player'}:`,
      ...message.text.split('\n').map((line) => `    ${line}`),
      ...message.attachments.map(
        (attachment) =>
          `    screenshot ${attachment.id}: ${attachment.type} ${attachment.width}×${attachment.height} ${attachment.sizeBytes} bytes`,
      ),
    ]),
  ];
}

export const complaintCommands: Record<string, Command> = {
  'complaint:list': {
    usage: 'complaint:list [--status waiting|open|answered|closed|all] [--complaint <number|id> (one thread)]',
    async run(ctx, args) {
      if (args.complaint) return showThread(ctx, args.complaint);
      const rows = await findComplaintQueue(ctx.db, statuses(args));
      if (rows.length === 0) return ['no complaints with that status'];
      return [
        `${rows.length} complaint(s), oldest first${rows.length === QUEUE_LIMIT ? ` (first ${QUEUE_LIMIT})` : ''}:`,
        ...rows.map(
          (row) =>
            `  ${row.complaint_no} player ${row.user_id} ${row.type} ${row.status} ${row.message_count} message(s) ${row.attachment_count} screenshot(s)` +
            `${row.reference_kind ? ` about ${row.reference_kind} ${row.reference_id}` : ''} updated ${row.updated_at.toISOString()}`,
        ),
      ];
    },
  },

  'complaint:reply': {
    usage: 'complaint:reply --complaint <number|id> --text "<answer>"',
    async run(ctx, args) {
      const answered = await answerComplaint(
        ctx.db,
        required(args, 'complaint'),
        ctx.actor,
        required(args, 'text'),
        ctx.clock.now(),
      );
      return [
        `answered ${answered.number} for player ${answered.userId} (was ${answered.previousStatus}, now answered): "${oneLine(args.text!)}"`,
      ];
    },
  },

  'complaint:close': {
    usage: 'complaint:close --complaint <number|id> [--text "<last message>"]',
    async run(ctx, args) {
      const closed = await closeComplaint(ctx.db, required(args, 'complaint'), ctx.actor, args.text, ctx.clock.now());
      if (closed.wasClosed) throw usageRefusal(`${closed.number} is already closed; nothing changed`);
      return [`closed ${closed.number} for player ${closed.userId}`];
    },
  },

  'complaint:screenshot': {
    usage: 'complaint:screenshot --screenshot <id> (the last line is the file in base64: | tail -1 | base64 -d > file)',
    async run(ctx, args) {
      const screenshot = await findScreenshotForOperator(ctx.db, required(args, 'screenshot'));
      const fileName = `screenshot-${args.screenshot!.trim()}.${SCREENSHOT_EXTENSIONS[screenshot.type]}`;
      return [
        `screenshot ${args.screenshot!.trim()} of ${screenshot.complaintNumber} (player ${screenshot.userId}): ${screenshot.type} ${screenshot.width}×${screenshot.height} ${screenshot.bytes.length} bytes sha256 ${screenshot.sha256}`,
        `save it with: npm run admin -- complaint:screenshot --screenshot ${args.screenshot!.trim()} | tail -1 | base64 -d > ${fileName}`,
        Buffer.from(screenshot.bytes).toString('base64'),
      ];
    },
  },
};
