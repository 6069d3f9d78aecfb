/** Demo tags with their display names per language; `en` is the primary name. Categories appear on the tag pages. */
export const DEMO_LANGUAGES = ['en', 'es', 'de', 'fr', 'cs', 'pt', 'ja'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];
export type Translations = Readonly<Record<DemoLanguage, string>>;

export interface DemoTag {
  readonly names: Translations;
  readonly category?: boolean;
}

export const inLanguages = (
  en: string,
  es: string,
  de: string,
  fr: string,
  cs: string,
  pt: string,
  ja: string,
): Translations => ({
  en,
  es,
  de,
  fr,
  cs,
  pt,
  ja,
});

const tag = (en: string, es: string, de: string, fr: string, cs: string, pt: string, ja: string, category = false): DemoTag => ({
  names: inLanguages(en, es, de, fr, cs, pt, ja),
  category,
});

export const DEMO_TAGS: readonly DemoTag[] = [
  tag('Dance', 'Baile', 'Tanz', 'Danse', 'Tanec', 'Dança', 'ダンス', true),
  tag('Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'フィットネス', true),
  tag('Fashion', 'Moda', 'Mode', 'Mode', 'Móda', 'Moda', 'ファッション', true),
  tag('Cosplay', 'Cosplay', 'Cosplay', 'Cosplay', 'Cosplay', 'Cosplay', 'コスプレ', true),
  tag('Photography', 'Fotografía', 'Fotografie', 'Photographie', 'Fotografie', 'Fotografia', '写真', true),
  tag('Couples', 'Parejas', 'Paare', 'Couples', 'Páry', 'Casais', 'カップル', true),
  tag('Lingerie', 'Lencería', 'Dessous', 'Lingerie', 'Spodní prádlo', 'Lingerie', 'ランジェリー'),
  tag('Yoga', 'Yoga', 'Yoga', 'Yoga', 'Jóga', 'Ioga', 'ヨガ'),
  tag('Beach', 'Playa', 'Strand', 'Plage', 'Pláž', 'Praia', 'ビーチ'),
  tag('Travel', 'Viajes', 'Reisen', 'Voyage', 'Cestování', 'Viagem', '旅行'),
  tag('Nightlife', 'Vida nocturna', 'Nachtleben', 'Vie nocturne', 'Noční život', 'Vida noturna', 'ナイトライフ'),
  tag('Behind the scenes', 'Detrás de cámaras', 'Hinter den Kulissen', 'Coulisses', 'Ze zákulisí', 'Bastidores', '舞台裏'),
  tag('Golden hour', 'Hora dorada', 'Goldene Stunde', 'Heure dorée', 'Zlatá hodinka', 'Hora dourada', 'ゴールデンアワー'),
  tag('Neon', 'Neón', 'Neon', 'Néon', 'Neon', 'Neon', 'ネオン'),
  tag('Art', 'Arte', 'Kunst', 'Art', 'Umění', 'Arte', 'アート'),
  tag('Music', 'Música', 'Musik', 'Musique', 'Hudba', 'Música', '音楽'),
  tag('Pride', 'Orgullo', 'Pride', 'Fierté', 'Pride', 'Orgulho', 'プライド'),
  tag('ASMR', 'ASMR', 'ASMR', 'ASMR', 'ASMR', 'ASMR', 'ASMR'),
  tag('Self-care', 'Autocuidado', 'Selbstfürsorge', 'Soin de soi', 'Péče o sebe', 'Autocuidado', 'セルフケア'),
];
