/**
 * A browser's User-Agent header in words for My account → Sessions: the browser's
 * name and major version, and the operating system. Pure. Order matters: Edge and Opera also
 * say "Chrome", Chrome also says "Safari", and Android also says "Linux".
 *
 * describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) … Chrome/120.0.0.0 Safari/537.36')
 *   -> { browser: 'Chrome 120', os: 'Windows' }
 */
export function describeUserAgent(ua: string): { browser: string; os: string } {
  const version = (re: RegExp) => re.exec(ua)?.[1]?.split('.')[0] ?? '';
  const named = (name: string, re: RegExp) => `${name} ${version(re)}`.trim();
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? named('Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/)
    : /OPR\//.test(ua)
      ? named('Opera', /OPR\/([\d.]+)/)
      : /Firefox\/|FxiOS\//.test(ua)
        ? named('Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/)
        : /HeadlessChrome\//.test(ua)
          ? named('Chrome (headless)', /HeadlessChrome\/([\d.]+)/)
          : /Chrome\/|CriOS\//.test(ua)
            ? named('Chrome', /(?:Chrome|CriOS)\/([\d.]+)/)
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? named('Safari', /Version\/([\d.]+)/)
              : /^curl\//.test(ua)
                ? 'curl'
                : ua
                  ? 'Other browser'
                  : 'Unknown browser';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Android/.test(ua)
          ? 'Android'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'Unknown system';
  return { browser, os };
}
