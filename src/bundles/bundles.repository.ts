import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { managerOf, Tx } from '../database/unit-of-work';
import { Bundle, BundleFile } from './bundle.entity';

/** The only owner of `bundles` and `bundle_files`. */
@Injectable()
export class BundlesRepository {
  constructor(
    @InjectRepository(Bundle) private readonly bundles: Repository<Bundle>,
    @InjectRepository(BundleFile) private readonly files: Repository<BundleFile>,
  ) {}

  async insert(row: Bundle, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(Bundle).insert(row);
  }

  async setPrivate(linkId: number, isPrivate: boolean, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(Bundle).update({ linkId }, { isPrivate });
  }

  getByLinkId(linkId: number): Promise<Bundle | null> {
    return this.bundles.findOneBy({ linkId });
  }

  getByLinkIds(linkIds: number[]): Promise<Bundle[]> {
    return linkIds.length ? this.bundles.findBy({ linkId: In(linkIds) }) : Promise.resolve([]);
  }

  /** The bundle's files' ids, in its order. */
  async fileIdsOf(bundleId: number, tx?: Tx): Promise<number[]> {
    const repo = tx ? managerOf(tx).getRepository(BundleFile) : this.files;
    const rows = await repo.find({ where: { bundleId }, order: { position: 'ASC' } });
    return rows.map((r) => r.fileId);
  }

  /** Of these files, those in a bundle already. */
  async inBundles(fileIds: number[], tx: Tx): Promise<number[]> {
    if (fileIds.length === 0) return [];
    const rows = await managerOf(tx)
      .getRepository(BundleFile)
      .findBy({ fileId: In(fileIds) });
    return rows.map((r) => r.fileId);
  }

  /** Adds files after the bundle's last one. */
  async add(bundleId: number, fileIds: number[], tx: Tx): Promise<void> {
    if (fileIds.length === 0) return;
    const repo = managerOf(tx).getRepository(BundleFile);
    const last = await repo.maximum('position', { bundleId });
    const start = (last ?? -1) + 1;
    await repo.insert(fileIds.map((fileId, i) => ({ fileId, bundleId, position: start + i })));
  }

  /** False when the file was not in the bundle. */
  async remove(bundleId: number, fileId: number, tx: Tx): Promise<boolean> {
    const repo = managerOf(tx).getRepository(this.files.target);
    return ((await repo.delete({ bundleId, fileId })).affected ?? 0) > 0;
  }

  async deleteBundle(linkId: number, tx: Tx): Promise<void> {
    const em = managerOf(tx);
    await em.getRepository(BundleFile).delete({ bundleId: linkId });
    await em.getRepository(Bundle).delete({ linkId });
  }
}
