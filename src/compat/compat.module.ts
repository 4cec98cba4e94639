import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { SmmsController } from './smms.controller';

/** Errors under /api/v2 are answered in SM.MS's shape; set before the guard runs. */
function smmsErrors(_req: Request, res: Response, next: NextFunction): void {
  res.locals.errorFormat = 'smms';
  next();
}

@Module({ imports: [AuthModule, FilesModule], controllers: [SmmsController] })
export class CompatModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(smmsErrors).forRoutes(SmmsController);
  }
}
