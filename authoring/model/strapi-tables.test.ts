import { describe, expect, it } from 'vitest';
import { columnName, componentsTableName, linkTableName, tableName } from './strapi-tables.js';

// Expected values are what @strapi/database 5.54.0's Identifiers returns for the same input.
describe('Strapi database names', () => {
  it('keeps names up to 55 characters', () => {
    expect(tableName('articles')).toBe('articles');
    expect(linkTableName('articles', 'author')).toBe('articles_author_lnk');
    expect(componentsTableName('pages')).toBe('pages_cmps');
    expect(columnName('ABTest')).toBe('ab_test');
  });

  it('snake_cases both parts of a link table with lodash', () => {
    expect(linkTableName('components_hero_banner2s', 'link')).toBe('components_hero_banner_2_s_link_lnk');
    expect(linkTableName('components_hero_banner_2s', 'link')).toBe('components_hero_banner_2_s_link_lnk');
  });

  it('shortens longer names with a hash as Strapi does', () => {
    const table = tableName('components_marketing_campaign_landing_page_hero_sections');
    expect(table).toBe('components_marketing_campaign_landing_page_hero_sef42ad');
    expect(linkTableName(table, 'primaryCallToAction')).toBe('components_marketing_cad3465_primary_call_to_action_lnk');
    expect(componentsTableName('components_marketing_campaign_landing_page_heros')).toBe(
      'components_marketing_campaign_landing_page_heros_cmps',
    );
    expect(columnName('aVeryLongFieldNameThatGoesOnAndOnBeyondTheLimitOfFiftyFive')).toBe(
      'a_very_long_field_name_that_goes_on_and_on_beyond_eda89',
    );
  });
});
