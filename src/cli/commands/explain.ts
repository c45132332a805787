/** `planlog explain <file> (--plan FILE | --lurd STRING)`: why each step of a plan is legal; exits as validate. */
import { loadProblem } from '../../core/load.ts';
import { explainPlan } from '../../explain/explain.ts';
import { renderExplanation } from '../../explain/render.ts';
import { UsageError } from '../../options/index.ts';
import { warningsJson } from '../../pipeline/json.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { domainFlag, jsonFlag, levelFlag, planFlags, readSource, readSteps } from '../inputs.ts';
import { printWarnings } from '../warnings.ts';

export const explain = command({
  name: 'explain',
  args: '<file>',
  summary: 'replay a plan and tell why each step is legal: operator, bindings, preconditions (static/fluent), add and delete lists, boards',
  usage: ['explain <file> [--level N|TITLE] [--domain FILE] (--plan FILE | --lurd STRING) [--json]', 'explain DOMAIN.pddl PROBLEM.pddl --plan FILE [--json]'],
  description:
    'Replays the plan and tells, for each step, the operator schema as written in the domain file (with its line), the variable bindings, the state facts that satisfy its preconditions (static facts and fluents marked), the facts it adds and deletes and, for a level, the board after it. An invalid plan is explained up to the failing step, whose preconditions are marked holds or MISSING; exit 5, as validate.',
  flags: { level: levelFlag, domain: domainFlag, json: jsonFlag, ...planFlags },
  files: 'problem',
  exits: { 0: 'valid', 2: 'bad input', 5: 'the plan is invalid' },
  run({ file, values }, io) {
    if ((values.plan === undefined) === (values.lurd === undefined)) throw new UsageError('explain needs exactly one of --plan FILE or --lurd STRING');
    const source = readSource(io, file, values, 'explain');
    const loaded = loadProblem(source);
    printWarnings(io, loaded.warnings ?? []);
    const explanation = explainPlan(loaded, readSteps(io, values, loaded), source.domainText);
    io.out(values.json ? JSON.stringify({ ...explanation, warnings: warningsJson(loaded.warnings) }, null, 2) : renderExplanation(explanation, source.domainFile));
    return exitCode(explanation.valid ? 'valid' : 'invalid');
  },
});
