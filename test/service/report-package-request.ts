/**
 * A small report package request the engine accepts: an inline XBRL report on
 * a published taxonomy (the FRC's FRS 102 2025), which the package need not
 * carry, and one entry point.
 */
export function reportPackageRequest() {
  const report = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink">
<head><title>Widgets</title></head>
<body><div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd"/></ix:references></ix:header></div><p>Widgets</p></body>
</html>
`;
  return {
    name: 'Widgets 2024 report package',
    identifier: 'http://example.com/widgets/2024/package',
    description: 'Report package for Widgets Ltd 2024',
    version: '2024.1',
    reportPackageLanguage: 'en',
    publicationDate: '2025-01-15',
    publisher: 'Widgets Ltd',
    publisherUrl: 'https://example.com/',
    publisherCountry: 'GB',
    reportPackageName: 'WIDGETS-2024',
    reportName: 'widgets-2024-12-31.xhtml',
    reportBase64Content: Buffer.from(report).toString('base64'),
    entrypoints: [
      {
        name: 'Widgets 2024',
        description: 'Main',
        version: '1',
        entryPointDocument: { href: 'https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd' },
        languages: ['en'],
      },
    ],
  };
}
