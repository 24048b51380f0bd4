/** The help text, rendered from the command table so it lists every option the parser accepts. */
import { COMMANDS, type CommandSpec, type OptionSpec } from './commands.js';

const EXIT_CODES =
  'exit status: 0 done (all valid, return accepted), 1 not valid (a return HMRC would reject, IRmark mismatch, invalid package, return rejected by HMRC), 2 unusable input or usage, 3 internal error, 4 filing not finished (run the same command again to resume), 5 not checked (ixbrl validate, ct600 validate --data-folder: nothing wrong found, but a taxonomy package to check against is not installed; install the package the result names)';

function optionLabel(o: OptionSpec): string {
  return o.value ? `--${o.name} <${o.value}>` : `--${o.name}`;
}

function commandLine(c: CommandSpec): string {
  return ['cli', c.area, c.name, c.args, c.options.length > 0 ? '[options]' : ''].filter(Boolean).join(' ');
}

function commandHelp(c: CommandSpec): string {
  const width = Math.max(0, ...c.options.map((o) => optionLabel(o).length), '--help'.length);
  const lines = [`  ${commandLine(c)}`, `      ${c.summary}`];
  for (const o of c.options) lines.push(`      ${optionLabel(o).padEnd(width)}  ${o.help}`);
  lines.push(`      ${'--help'.padEnd(width)}  this help`);
  for (const e of c.examples) lines.push(`      example: ${e}`);
  return lines.join('\n');
}

/** Help for everything, one area ("ct600") or one command ("ct600 build"). */
export function helpText(area?: string, name?: string): string {
  const chosen = COMMANDS.filter((c) => (area === undefined || c.area === area) && (name === undefined || c.name === name));
  const head = area === undefined ? ['usage: cli <area> <command> [arguments] [options]', '       cli --help | --version', ''] : ['usage:'];
  return `${[...head, ...chosen.map(commandHelp), '', EXIT_CODES].join('\n')}\n`;
}
