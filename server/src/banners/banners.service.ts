import type { BannerRow, BannersRepository } from './banners.repository.ts';

/** Spec §3 banner (priority, tags as objects with tag, position) plus what is shown. */
export interface BannerView {
  readonly id: number;
  readonly priority: number;
  readonly position: string;
  readonly lgbt: number;
  readonly tags: { tag: string }[];
  readonly title: string;
  readonly body: string;
  readonly link: string;
  readonly image: string | null;
}

const BANNERS_PER_SLOT = 5;

function toBannerView(row: BannerRow): BannerView {
  return {
    id: row.id,
    priority: row.priority,
    position: row.position,
    lgbt: row.lgbt,
    tags: row.tags.map((tag) => ({ tag })),
    title: row.title,
    body: row.body,
    link: row.linkUrl,
    image: row.imageUrl,
  };
}

export class BannerService {
  private readonly banners: BannersRepository;

  constructor(banners: BannersRepository) {
    this.banners = banners;
  }

  async forSlot(position: string, lgbt: number) {
    const rows = await this.banners.live(position, lgbt, BANNERS_PER_SLOT);
    return { banners: rows.map(toBannerView) };
  }
}
