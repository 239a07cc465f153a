import { translator } from '../translate';
import { common } from './common';
import { certificates } from './certificates';

/** The certificate query's result, loaded with it once the form is used (the form's words: ./certificates.ts). */
export const certificateResult = {
  'certificates.result': '查询结果',
  'certificates.idType': '证件类型',
  'certificates.idTypeResident': '居民身份证',
  'certificates.idNumber': '证件号码',
  'certificates.mobile': '手机号码',
  'certificates.professionName': '职业名称',
  'certificates.typeOfWorkName': '工种',
  'certificates.level': '等级',
  'certificates.sendDate': '发证日期',
  'certificates.productName': '培训项目',
  'certificates.agencyName': '培训机构',
  'certificates.trainingPeriod': '培训时间',
  'certificates.period': '{start} 至 {end}',
  'certificates.image': '证书图片',
  'certificates.revoked': '已撤销',
  'certificates.revokedNotice': '此证书已于 {date} 撤销，不再有效。撤销原因：{reason}',
  'certificates.state': '证书状态',
  'certificates.valid': '有效',
  'certificates.imageAlt': '{name}的证书图片',
  'certificates.notFound': '抱歉，未查询到相关信息',
  'certificates.whatToDo': '怎么办？',
  'certificates.tip.issuer': '确认证书是否由本项目及学校颁发',
  'certificates.tip.entry': '确认是否选择了正确的查询入口',
  'certificates.tip.details': '确认证书编号、身份证号或姓名是否正确',
  'certificates.tip.contact': '联系顾问',
  'certificates.contactPhone': '电话：{mobile}',
  'certificates.contactQr': '顾问微信二维码',
} as const;

export const t = /* @__PURE__ */ translator(common, certificates, certificateResult);
