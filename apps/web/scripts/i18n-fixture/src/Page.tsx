// A page of the fixture: it names three keys of the catalogues and one that is in none.
export function Page({ t }: { t: (key: string, values?: object) => string }) {
  const help = 'courses.help';
  return [t('courses.count', { count: 2 }), t('courses.greeting', { name: 'Asha' }), t(help), t('courses.missing')];
}
