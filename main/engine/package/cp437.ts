/** IBM code page 437: the zip format's default name encoding when the UTF-8 flag is off. */
const HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

export function decodeCp437(raw: Uint8Array): string {
  let out = '';
  for (const byte of raw) out += byte < 0x80 ? String.fromCharCode(byte) : HIGH[byte - 0x80];
  return out;
}
