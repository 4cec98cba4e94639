// Reads `npm audit --omit=dev --json` on stdin: fails on any high or critical advisory in the
// production dependencies; says so (and passes) when the audit service cannot be reached.
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  let report;
  try {
    report = JSON.parse(input);
  } catch {
    console.log('audit: no report (npm audit printed no JSON); skipped');
    return;
  }
  const counts = report.metadata && report.metadata.vulnerabilities;
  if (!counts) {
    console.log(
      `audit: the advisory service did not answer (${report.message || 'no data'}); skipped`,
    );
    return;
  }
  const serious = (counts.high || 0) + (counts.critical || 0);
  console.log(`audit: ${JSON.stringify(counts)}`);
  if (serious > 0) {
    console.error(`audit: ${serious} high or critical advisories in production dependencies`);
    process.exit(1);
  }
});
