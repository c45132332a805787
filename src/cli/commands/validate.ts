/** `planlog validate <file> (--plan FILE | --lurd STRING)`: replay a plan and check it (exit 5 when it is invalid). */
import { sokobanFields } from '../../core/report.ts';
import { UsageError } from '../../options/index.ts';
import { validationJson } from '../../pipeline/json.ts';
import { validateSteps } from '../../pipeline/solve.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { domainFlag, jsonFlag, levelFlag, load, planFlags, readSteps } from '../inputs.ts';
import { renderValidation } from '../render.ts';
import { printWarnings } from '../warnings.ts';

export const validate = command({
  name: 'validate',
  args: '<file>',
  summary: 'replay a plan (--plan FILE or --lurd STRING) and check it',
  usage: ['validate <file> [--level N|TITLE] [--domain FILE] (--plan FILE | --lurd STRING) [--json]', 'validate DOMAIN.pddl PROBLEM.pddl --plan FILE [--json]'],
  description:
    'Replays the plan from the initial state, each step against the operator schemas of the domain, and checks that the goal holds after the last step. An invalid plan is reported at its first failing step (file:line:col of the step in the plan file) with the missing preconditions and the board before it. The plan file is in planlog\'s steps (pickUp(a)) or in PDDL as VAL and Fast Downward write it ((pick-up a)), told apart by its first step.',
  flags: { level: levelFlag, domain: domainFlag, json: jsonFlag, ...planFlags },
  files: 'problem',
  exits: { 0: 'valid', 2: 'bad input or usage', 5: 'the plan is invalid' },
  run({ file, values }, io) {
    if ((values.plan === undefined) === (values.lurd === undefined)) throw new UsageError('validate needs exactly one of --plan FILE or --lurd STRING');
    const { loaded } = load(io, file, values, 'validate');
    printWarnings(io, loaded.warnings ?? []);
    const steps = readSteps(io, values, loaded);
    const result = validateSteps(loaded, steps);
    const plan = result.steps.map((s) => s.op);
    const sokoban = loaded.level && result.valid ? sokobanFields(plan) : undefined;
    if (values.json) io.out(JSON.stringify(validationJson(result, steps.length, sokoban, loaded.warnings), null, 2));
    else io.out(renderValidation(result, steps.length, loaded, sokoban));
    return exitCode(result.valid ? 'valid' : 'invalid');
  },
});
