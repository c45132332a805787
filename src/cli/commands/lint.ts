/**
 * `planlog lint <file>`: the lint's checks (src/lint) on a domain alone, a
 * Prolog problem with its domain, or a level; warnings on stderr, a count
 * on stdout; exit 0, or 2 under --strict when there is a warning.
 */
import { isPrologFile } from '../../core/load.ts';
import { parseProgram } from '../../lang/parse.ts';
import { defaultMaxMemoryMb } from '../../options/index.ts';
import { isDomainProgram, lintDomainProgram, lintJson, lintSource, type LintResult } from '../../pipeline/lint.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { domainFlag, jsonFlag, levelFlag, readSource } from '../inputs.ts';
import { printWarnings, strictFlags, warningCount } from '../warnings.ts';

export const lint = command({
  name: 'lint',
  args: '<file>',
  summary: 'check a domain (alone, or with a problem or level) for what is legal but hardly meant: singleton variables, typos in predicates, unused facts, unreachable goals, operators that never apply',
  usage: ['lint <domain.pl>', 'lint <problem.pl> --domain FILE', 'lint DOMAIN.pddl PROBLEM.pddl', 'lint <level-file> [--level N|TITLE] [--domain FILE]', '      [--strict] [--json]'],
  description: [
    'Runs the checks every solve runs before its search (README "Lint") and prints each warning as file:line:col: warning: …, with the line, a caret and a did-you-mean where a name is near. A .pl file without --domain that holds opn facts is a domain, checked alone (singleton variables); a problem file (Prolog, or PDDL after its domain) or a level is checked with its domain (without --domain, domains/sokoban.pl).',
    'Exit 0 when the checks ran, with or without warnings; with --strict a warning is an error (exit 2), as for solve and compare.',
  ].join('\n'),
  flags: { level: levelFlag, domain: domainFlag, ...strictFlags, json: jsonFlag },
  files: 'problem',
  exits: { 0: 'checked (warnings or none)', 2: 'bad input or usage; with --strict, any warning' },
  run({ file, values }, io) {
    let result: LintResult;
    let domain: string | null;
    // a .pl file alone may be a domain: parsed once, and checked as one when it is
    const program = values.domain === undefined && values.level === undefined && isPrologFile(file) ? parseProgram(io.readFile(file), file) : null;
    if (program && isDomainProgram(program)) {
      domain = null;
      result = lintDomainProgram(program);
    } else {
      const source = readSource(io, file, values, 'lint');
      domain = source.domainFile;
      result = lintSource(source, { maxMemoryMb: defaultMaxMemoryMb });
    }
    // under --strict a warning is the error (exit 2), before anything is printed
    const json = lintJson(file, domain, result, Boolean(values.strict));
    printWarnings(io, result.warnings);
    if (result.unchecked) io.err(`note: ${result.unchecked}`);
    if (values.json) io.out(JSON.stringify(json, null, 2));
    else io.out(`${file}${domain ? ` (domain ${domain})` : ''}: ${warningCount(result.warnings.length)}`);
    return exitCode('ok');
  },
});
