import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Domain } from './domain.entity';
import { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';

@Module({
  imports: [TypeOrmModule.forFeature([Domain])],
  providers: [DomainsRepository, DomainsService],
  exports: [DomainsService],
})
export class DomainsModule {}
