/**
 * One CSV cell, the same in every export: quoted when it holds a comma,
 * semicolon, quote or line break (a spreadsheet whose list separator is ";"
 * splits an unquoted cell there); a cell a spreadsheet would run as a formula
 * (starting = + - @, or a tab or carriage return) gets a leading apostrophe,
 * so a name or message can never run as one. A plain whole number, negative
 * included, stays a number.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+$/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
