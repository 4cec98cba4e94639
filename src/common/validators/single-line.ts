import { Matches } from 'class-validator';

/* eslint-disable no-control-regex -- matching control characters is the point here */

/**
 * C0 control characters (tab and line breaks included) and DEL: nothing a title shows, and what
 * XML 1.0 cannot carry at all.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A one-line text a person reads (a title): no control characters. */
export const SingleLine = () =>
  Matches(/^[^\u0000-\u001f\u007f]*$/, {
    message: '$property must not contain control characters (tabs, line breaks...)',
  });
