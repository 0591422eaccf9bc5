/**
 * The styles domain's entry: what the other domains use of it (eslint/backend.config.js). The style editor,
 * products, covers, templates and influencer applications, which the admin group serves too.
 */
export {
  createEditorStyle,
  deleteEditorStyle,
  listAllCategories,
  listEditorStyles,
  updateEditorStyle,
} from './style-editor-service';
export {
  createLinkFor,
  createProductFor,
  deleteProductFor,
  listLinksOfProduct,
  listProductsOfStyle,
  updateLinkFor,
  updateProductFor,
} from './style-product-service';
export { setCoverFromGeneration, startStyleCover } from './style-cover-service';
export { adminListApplications, adminReviewApplication } from './influencer-service';
export {
  adminCreatePrompt,
  adminCreateRawTemplate,
  adminDeletePrompt,
  adminDeleteRawTemplate,
  adminListPrompts,
  adminListRawTemplates,
  adminUpdatePrompt,
  adminUpdateRawTemplate,
  compileTemplate,
  testPrompt,
} from './template-admin-service';
