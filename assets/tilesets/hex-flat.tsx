<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex-flat" tilewidth="64" tileheight="56" tilecount="12" columns="6">
 <image source="hex-flat.png" width="384" height="112"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="concealment" value="partial"/>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="terrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="obstacle" value="low"/>
   <property name="terrain" value="low wall"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="impassable" type="bool" value="true"/>
   <property name="obstacle" value="wall"/>
   <property name="terrain" value="stone wall"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="terrain" value="fog"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="exit" type="bool" value="true"/>
   <property name="terrain" value="exit"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="elevation" type="int" value="1"/>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" value="total"/>
   <property name="terrain" value="darkness"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
</tileset>
