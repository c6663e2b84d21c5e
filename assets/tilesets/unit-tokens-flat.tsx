<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="unit-tokens-flat" tilewidth="160" tileheight="168" tilecount="32" columns="0" objectalignment="center">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="archer"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/archer.png"/>
 </tile>
 <tile id="1" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="cleric"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/cleric.png"/>
 </tile>
 <tile id="2" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="cutthroat"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/cutthroat.png"/>
 </tile>
 <tile id="3" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="drake"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/drake.png"/>
 </tile>
 <tile id="4" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="fighter"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/fighter.png"/>
 </tile>
 <tile id="5" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="ghoul"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/ghoul.png"/>
 </tile>
 <tile id="6" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="giant"/>
  </properties>
  <image width="160" height="168" source="unit-tokens-flat/giant.png"/>
 </tile>
 <tile id="7" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="giant_spider"/>
  </properties>
  <image width="160" height="112" source="unit-tokens-flat/giant_spider.png"/>
 </tile>
 <tile id="8" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="giant_toad"/>
  </properties>
  <image width="160" height="112" source="unit-tokens-flat/giant_toad.png"/>
 </tile>
 <tile id="9" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="goblin"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/goblin.png"/>
 </tile>
 <tile id="10" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="goblin_archer"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/goblin_archer.png"/>
 </tile>
 <tile id="11" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="goblin_minion"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/goblin_minion.png"/>
 </tile>
 <tile id="12" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="goblin_rider"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/goblin_rider.png"/>
 </tile>
 <tile id="13" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="goblin_shaman"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/goblin_shaman.png"/>
 </tile>
 <tile id="14" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="great_cat"/>
  </properties>
  <image width="160" height="112" source="unit-tokens-flat/great_cat.png"/>
 </tile>
 <tile id="15" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="harpy"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/harpy.png"/>
 </tile>
 <tile id="16" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="hobgoblin"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/hobgoblin.png"/>
 </tile>
 <tile id="17" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="hobgoblin_captain"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/hobgoblin_captain.png"/>
 </tile>
 <tile id="18" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="knight"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/knight.png"/>
 </tile>
 <tile id="19" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="lizardfolk"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/lizardfolk.png"/>
 </tile>
 <tile id="20" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="mounted_knight"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/mounted_knight.png"/>
 </tile>
 <tile id="21" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="ogre"/>
  </properties>
  <image width="160" height="112" source="unit-tokens-flat/ogre.png"/>
 </tile>
 <tile id="22" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="orc"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/orc.png"/>
 </tile>
 <tile id="23" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="rogue"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/rogue.png"/>
 </tile>
 <tile id="24" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="shieldbearer"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/shieldbearer.png"/>
 </tile>
 <tile id="25" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="skeleton"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/skeleton.png"/>
 </tile>
 <tile id="26" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="troll"/>
  </properties>
  <image width="160" height="112" source="unit-tokens-flat/troll.png"/>
 </tile>
 <tile id="27" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="twinblade"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/twinblade.png"/>
 </tile>
 <tile id="28" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="warg"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/warg.png"/>
 </tile>
 <tile id="29" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="warhorse"/>
  </properties>
  <image width="160" height="112" source="unit-tokens-flat/warhorse.png"/>
 </tile>
 <tile id="30" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="wizard"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/wizard.png"/>
 </tile>
 <tile id="31" type="unit">
  <properties>
   <property name="unit" propertytype="UnitKind" value="wolf"/>
  </properties>
  <image width="64" height="56" source="unit-tokens-flat/wolf.png"/>
 </tile>
</tileset>
