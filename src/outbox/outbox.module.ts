import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxEvent } from './outbox-event.entity';
import { OutboxRepository } from './outbox.repository';
import { Outbox } from './outbox';
import { EventHistory } from './event-history';

/** The outbox: every module records its changes here (global, as the unit of work is). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEvent])],
  providers: [OutboxRepository, Outbox, EventHistory],
  exports: [Outbox, EventHistory],
})
export class OutboxModule {}
