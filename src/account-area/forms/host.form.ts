import { IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/** The custom-domain form: the host to add (the service checks and normalises it). */
export class HostForm {
  @Filled() @IsOptional() @IsString() host?: string;
}
